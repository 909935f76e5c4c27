import type { DepartBrief, Envelope, LoginResult, PermissionResult, UserInfo } from '../../core/api-types.ts';
import { http } from '../http/client.ts';

/*
 * The session's data provider: signing in and out, the menu and button permissions, and what the
 * signed-in user changes of their own session (department, password). Every call is silent: the sign-in
 * pages and the shell's dialogs show the server's answer themselves. store.ts keeps the session these
 * answers make; a 401 logs out through onUnauthorized.
 */
export { onUnauthorized, RequestFailure } from '../http/client.ts';

/** What an SMS code is for (JeecgBoot's smsmode): sign-in, registration, password recovery. */
export type SmsMode = '0' | '1' | '2';

/** The user's departments and the one chosen (GET /sys/user/getCurrentUserDeparts). */
export interface UserDeparts {
  list: (DepartBrief & { parentId?: string | null })[];
  orgCode: string | null;
}

export const sessionApi = {
  /** Password sign-in; `captcha` carries the code typed and the key its image was drawn for, when the site asks. */
  login: (body: { username: string; password: string; captcha?: string; checkKey?: string }) => http.post<LoginResult>('/sys/login', body, { silent: true }),
  /** Phone sign-in with the code /sys/sms sent (JeecgBoot's field names: mobile, captcha). */
  phoneLogin: (mobile: string, captcha: string) => http.post<LoginResult>('/sys/phoneLogin', { mobile, captcha }, { silent: true }),
  /** CAS sign-in: the service ticket and the service it was issued to (JeecgBoot's GET). */
  casLogin: (ticket: string, service: string) => http.get<LoginResult>('/sys/cas/client/validateLogin', { ticket, service }, { silent: true }),
  /** Third-party sign-in: trades the one-time code the provider's callback handed over for a session (JeecgBoot's getLoginUser). */
  thirdLogin: (code: string, thirdType: string) =>
    http.get<LoginResult>(`/sys/thirdLogin/getLoginUser/${encodeURIComponent(code)}/${encodeURIComponent(thirdType)}`, undefined, { silent: true }),
  /** Binds the third-party account of `ticket` to an existing account by its password; answers a one-time login code. */
  bindThirdByPassword: (ticket: string, username: string, password: string) =>
    http.post<string>('/sys/thirdLogin/user/checkPassword', { ticket, username, password }, { silent: true }),
  /** Binds it to the account of a phone, with the sign-in code /sys/sms sent (JeecgBoot's field names); answers a one-time login code. */
  bindThirdByPhone: (ticket: string, mobile: string, captcha: string) =>
    http.post<string>('/sys/thirdLogin/bindingThirdPhone', { thirdUserUuid: ticket, mobile, captcha }, { silent: true }),
  guestLogin: () => http.post<LoginResult>('/sys/guestLogin', undefined, { silent: true }),
  permissions: () => http.get<PermissionResult>('/sys/permission/getUserPermissionByToken', undefined, { silent: true }),
  logout: () => http.post('/sys/logout', undefined, { silent: true }),
  /** Asks the server to text a code to `mobile` for `smsmode`. */
  sendSms: (mobile: string, smsmode: SmsMode) => http.post<null>('/sys/sms', { mobile, smsmode }, { silent: true }),
};

/** The signed-in user's departments: nothing to choose, or the list and the current one. */
export async function loadDeparts(): Promise<UserDeparts> {
  return (await http.get<UserDeparts>('/sys/user/getCurrentUserDeparts')).result;
}

/** Switches the signed-in user's department; the answer carries the user info that changed. */
export const selectDepart = (orgCode: string, username: string | undefined): Promise<Envelope<{ userInfo: UserInfo }>> =>
  http.post<{ userInfo: UserInfo }>('/sys/selectDepart', { orgCode, username }, { silent: true });

/** The signed-in user's password change; the server checks the old one and the rules again. */
export const changePassword = (body: { username: string; oldpassword: string; password: string; confirmpassword: string }): Promise<Envelope> =>
  http.post('sys/user/updatePassword', body, { silent: true });
