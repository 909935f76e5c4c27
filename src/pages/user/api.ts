import type { Envelope, SiteInfo } from '../../core/api-types.ts';
import { runtimeConfig } from '../../runtime/config.ts';
import { http } from '../../runtime/http/client.ts';

/*
 * The user pages' own calls (login, 注册, 找回密码), made before anyone is signed in: the site's settings,
 * the captcha image, registration and password recovery. Silent: each page shows the server's answer
 * itself. Signing in is the session's (src/runtime/session/api.ts).
 */
export { RequestFailure } from '../../runtime/http/client.ts';

export const userPagesApi = {
  /** What the login page offers (registration, phone sign-in, guest, captcha): runtime-config.js carries it, else it is asked for. */
  siteInfo: (): Promise<SiteInfo> => {
    const written = runtimeConfig().siteInfo;
    return written ? Promise.resolve(written) : http.get<SiteInfo>('site/siteinfo', undefined, { silent: true }).then((r) => r.result);
  },
  /** The captcha image (a data URL) drawn for `checkKey`. */
  captchaImage: (checkKey: string) => http.get<string>(`sys/randomImage/${checkKey}`, undefined, { silent: true }).then((r) => r.result),
  /** 注册: the account, its password and the phone proven by a code texted for registration (smsmode 1). */
  register: (body: { username: string; password: string; phone: string; smscode: string }): Promise<Envelope> =>
    http.post('sys/user/register', body, { silent: true }),
  /** 第三方登录's new account: registered as by 注册 (smsmode 1) and bound to the third-party account of `ticket`. */
  createThirdAccount: (body: { ticket: string; username: string; password: string; phone: string; smscode: string }): Promise<Envelope> =>
    http.post('sys/thirdLogin/user/create', body, { silent: true }),
  /** 找回密码, step 1: a code texted for recovery (smsmode 2) proves the phone and names its account. */
  verifyPhone: (phone: string, smscode: string) =>
    http.post<{ username: string }>('sys/user/phoneVerification', { phone, smscode }, { silent: true }).then((r) => r.result),
  /** 找回密码, step 2: POSTed (the server takes JeecgBoot's GET too), since a password does not belong in an address. */
  changeForgottenPassword: (body: { phone: string; username: string; smscode: string; password: string }): Promise<Envelope> =>
    http.post('sys/user/passwordChange', body, { silent: true }),
};
