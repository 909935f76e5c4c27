import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { THIRD_LOGIN_PATH } from '../../core/third-login.ts';
import { HOME_PATH, LOGIN_PATH } from '../config.ts';
import { casTicketSignIn } from './cas.ts';
import { EMPTY_MENU_ERROR, fetchPermissions, guestLogin, logout, session, signedOutOnThisPage } from './store.ts';
import { PageLoading } from './PageLoading.tsx';

/** Paths reachable without a token: the login page and the pages beside it (register, its result, recovery, third-party sign-in's return). */
const OPEN_PATHS = new Set([LOGIN_PATH, '/user', '/user/register', '/user/register-result', '/user/alteration', THIRD_LOGIN_PATH]);
const isOpenPath = (path: string) => OPEN_PATHS.has(path);

export const NO_MENU_MESSAGE = '该账户尚未分配角色，请联系管理员授权后再登录';

const loginWithRedirect = (path: string) => `${LOGIN_PATH}?redirect=${encodeURIComponent(path)}`;

/**
 * The navigation guard of spec section 4. With a token: the login page sends to the home path, and a
 * missing permission list is fetched first (then the redirect query is honoured; on failure the user
 * is logged out). Without a token: a CAS ticket on the address signs in with it; otherwise only the login
 * page; anything else signs in as the guest and reloads, unless this page has just logged out, which goes
 * to the login page.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const snap = useSnapshot(session);
  const location = useLocation();
  const navigate = useNavigate();
  const path = location.pathname;

  useEffect(() => {
    if (snap.token) {
      if (isOpenPath(path)) {
        navigate(new URLSearchParams(location.search).get('redirect') || HOME_PATH, { replace: true });
      } else if (!snap.menu) {
        fetchPermissions().catch((error: unknown) => {
          // An account no role has reached yet (a self-registered one) has no menu: say so, not just bounce.
          // The message code loads then, not with the login route (issue 21's budget).
          if (error instanceof Error && error.message === EMPTY_MENU_ERROR)
            void import('../http/error-catalogue.ts').then(({ showWarning }) => showWarning(NO_MENU_MESSAGE));
          return logout().finally(() => navigate(loginWithRedirect(path), { replace: true }));
        });
      }
    } else {
      const fromCas = casTicketSignIn();
      if (fromCas) {
        // Back from the CAS server with a ticket: the session comes from it (then the token branch above runs).
        // A refusal is shown where the user is sent: on the login page, above its fields.
        fromCas.catch((error: unknown) =>
          navigate(LOGIN_PATH, { replace: true, state: { error: error instanceof Error ? error.message : '统一身份认证失败' } }),
        );
      } else if (!isOpenPath(path) && signedOutOnThisPage()) {
        navigate(LOGIN_PATH, { replace: true });
      } else if (!isOpenPath(path)) {
        guestLogin()
          .then(() => window.location.reload())
          .catch(() => logout().finally(() => navigate(loginWithRedirect(path), { replace: true })));
      }
    }
  }, [snap.token, snap.menu, path, location.search, navigate]);

  const ready = snap.token ? !isOpenPath(path) && !!snap.menu : isOpenPath(path);
  return ready ? <>{children}</> : <PageLoading />;
}
