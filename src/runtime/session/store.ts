import { proxy, ref } from 'valtio';
import type { ButtonAuth, Envelope, LoginResult, MenuNode, UserInfo } from '../../core/api-types.ts';
import { runtimeConfig } from '../config.ts';
import { onUnauthorized, RequestFailure, sessionApi, type SmsMode } from './api.ts';
import { type AppRoute, generateRoutes } from '../menu/routes.ts';
import { rememberSignIn } from './remember.ts';
import { KEYS, local, SESSION_KEYS, SEVEN_DAYS_MS, sessionGet, sessionRemove, sessionSet } from '../storage.ts';

/**
 * The signed-in session (spec section 4, "Session"): the token and user live 7 days in local storage.
 * The menu, routes and button lists are replaced whole, never changed in place, so they are kept as
 * plain values (valtio's ref) rather than proxied deeply: proxying the admin's menu and several hundred
 * button grants, and snapshotting them, was a tenth of the script time of a page's first load.
 */
export const session = proxy({
  token: local.get<string>(KEYS.ACCESS_TOKEN),
  userInfo: local.get<UserInfo>(KEYS.USER_INFO),
  /** The server menu; null until fetched for this page load. */
  menu: null as MenuNode[] | null,
  routes: ref([] as AppRoute[]),
  auth: ref(sessionGet<ButtonAuth[]>(SESSION_KEYS.USER_AUTH, [])),
  allAuth: ref(sessionGet<ButtonAuth[]>(SESSION_KEYS.SYS_BUTTON_AUTH, [])),
});

export const GUEST_USERNAME = 'guest';
export const EMPTY_MENU_ERROR = 'getPermissionList: permissions must be a non-null array !';

export const isGuest = () => session.userInfo?.username === GUEST_USERNAME;

function remember(result: LoginResult) {
  rememberSignIn(local, result);
  session.token = result.token;
  session.userInfo = result.userInfo;
  session.menu = null;
}

async function signIn(answer: Promise<Envelope<LoginResult>>): Promise<LoginResult> {
  const envelope = await answer;
  // A sign-in whose code is not '200' is rejected with its result passed on (spec section 8).
  if (String(envelope.code) !== '200' || !envelope.result?.token) throw new RequestFailure(Number(envelope.code) || 500, envelope.message, envelope);
  remember(envelope.result);
  return envelope.result;
}
const signedIn = (result: LoginResult) => {
  signedOutHere = false;
  return result;
};

/** Password sign-in; `captcha` carries the code typed and the key its image was drawn for, when the site asks. */
export const login = (username: string, password: string, captcha?: { captcha: string; checkKey: string }) =>
  signIn(sessionApi.login({ username, password, ...captcha })).then(signedIn);

/** Phone sign-in with the code /sys/sms sent (JeecgBoot's field names: mobile, captcha). */
export const phoneLogin = (mobile: string, captcha: string) => signIn(sessionApi.phoneLogin(mobile, captcha)).then(signedIn);

/** CAS sign-in: the service ticket the CAS server sent the browser back with, for the service it was issued to (JeecgBoot's GET). */
export const casLogin = (ticket: string, service: string) => signIn(sessionApi.casLogin(ticket, service)).then(signedIn);

/** Third-party sign-in: the one-time code the provider's callback (or a binding) handed over, for the provider it came from. */
export const thirdLogin = (code: string, thirdType: string) => signIn(sessionApi.thirdLogin(code, thirdType)).then(signedIn);

/** Binds a third-party account (its binding ticket) by password or by phone code; answers the one-time login code. */
export async function bindThirdAccount(ticket: string, how: { username: string; password: string } | { mobile: string; captcha: string }): Promise<string> {
  const answer =
    'username' in how
      ? await sessionApi.bindThirdByPassword(ticket, how.username, how.password)
      : await sessionApi.bindThirdByPhone(ticket, how.mobile, how.captcha);
  if (!answer.success || typeof answer.result !== 'string') throw new RequestFailure(Number(answer.code) || 500, answer.message, answer);
  return answer.result;
}

/** What an SMS code is for (sign-in, registration, password recovery): the session provider's. */
export type { SmsMode };

/** Asks the server to text a code to `mobile`; answers the server's message. */
export const sendSmsCode = (mobile: string, smsmode: SmsMode) => sessionApi.sendSms(mobile, smsmode).then((r) => r.message);

let guestInFlight: Promise<LoginResult> | null = null;
/** Automatic sign-in as the read-only guest; one attempt at a time however often it is asked. */
export function guestLogin(): Promise<LoginResult> {
  guestInFlight ??= signIn(sessionApi.guestLogin()).finally(() => (guestInFlight = null));
  return guestInFlight;
}

let permissionsInFlight: Promise<MenuNode[]> | null = null;
/** Fetches the menu and button permissions and builds the routes; an empty menu is an error. */
export function fetchPermissions(): Promise<MenuNode[]> {
  permissionsInFlight ??= sessionApi
    .permissions()
    .then(({ result }) => {
      if (!Array.isArray(result?.menu) || result.menu.length === 0) throw new Error(EMPTY_MENU_ERROR);
      sessionSet(SESSION_KEYS.USER_AUTH, result.auth);
      sessionSet(SESSION_KEYS.SYS_BUTTON_AUTH, result.allAuth);
      session.auth = ref(result.auth);
      session.allAuth = ref(result.allAuth);
      session.routes = ref(generateRoutes(result.menu, { window, _CONFIG: runtimeConfig() }));
      session.menu = ref(result.menu);
      return result.menu;
    })
    .finally(() => (permissionsInFlight = null));
  return permissionsInFlight;
}

let signedOutHere = false;

/**
 * Whether this page signed out. The guest sign-in is for visitors who arrive without a token; someone
 * who just logged out is taken to the login page instead, whatever route the page is on meanwhile.
 */
export const signedOutOnThisPage = () => signedOutHere;

/**
 * Clears the token, permissions and dictionary cache, and tells the server; the local part happens even if the
 * call fails. Answers the server's refusal, if any, for the user's own 退出登录 to show (spec section 8).
 */
export async function logout(): Promise<string | undefined> {
  const hadToken = !!session.token;
  signedOutHere = true;
  try {
    if (hadToken) await sessionApi.logout();
    return undefined;
  } catch (error) {
    // The session ends locally regardless of the server's answer.
    return error instanceof Error ? error.message : undefined;
  } finally {
    clearLocalSession();
  }
}

export function clearLocalSession() {
  local.remove(KEYS.ACCESS_TOKEN);
  local.remove(KEYS.USER_INFO);
  local.remove(KEYS.DICT_CACHE);
  local.remove(KEYS.TENANT_ID);
  sessionRemove(SESSION_KEYS.USER_AUTH);
  sessionRemove(SESSION_KEYS.SYS_BUTTON_AUTH);
  session.token = null;
  session.userInfo = null;
  session.menu = null;
  session.routes = ref([]);
  session.auth = ref([]);
  session.allAuth = ref([]);
}

const WELCOME_KEY = 'WELCOME_PENDING';

/** The login page leaves the welcome for the layout to show, so notification code stays off the login route. */
export function announceWelcome(realname: string) {
  sessionSet(WELCOME_KEY, realname);
}

/** The pending welcome's name, once. */
export function takeWelcome(): string | null {
  const name = sessionGet<string | null>(WELCOME_KEY, null);
  sessionRemove(WELCOME_KEY);
  return name;
}

/** Stores a user info that changed (department switch, profile edit) for another 7 days. */
export function updateUserInfo(userInfo: UserInfo) {
  local.set(KEYS.USER_INFO, userInfo, SEVEN_DAYS_MS);
  session.userInfo = userInfo;
}

onUnauthorized(logout);
