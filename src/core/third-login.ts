/*
 * Third-party sign-in (OAuth 2.0), shared by the server and the client: the provider's callback sends the
 * browser to the client's THIRD_LOGIN_PATH with a one-time login code, a binding ticket or, when it went
 * wrong before any account was known, one of these error keys — a key, not a text, so that no address can
 * make the login page say something the server did not.
 */

/** The client route the callback lands on (hash router). */
export const THIRD_LOGIN_PATH = '/user/third-login';

export const THIRD_LOGIN_ERRORS = {
  state: '第三方登录请求已失效，请重新登录',
  denied: '已取消第三方登录',
  provider: '第三方登录失败：第三方未能确认您的身份，请重新登录',
  unreachable: '第三方登录服务无法访问，请稍后再试',
} as const;

export type ThirdLoginError = keyof typeof THIRD_LOGIN_ERRORS;

export const isThirdLoginError = (key: unknown): key is ThirdLoginError => typeof key === 'string' && Object.hasOwn(THIRD_LOGIN_ERRORS, key);
