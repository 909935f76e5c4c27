import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { HOME_PATH, LOGIN_PATH } from '../config.ts';
import { fetchPermissions, guestLogin, logout, session, signedOutOnThisPage } from './store.ts';
import { PageLoading } from './PageLoading.tsx';

/** Paths reachable without a token (spec section 4: only the login page). */
const isOpenPath = (path: string) => path === LOGIN_PATH || path === '/user';

const loginWithRedirect = (path: string) => `${LOGIN_PATH}?redirect=${encodeURIComponent(path)}`;

/**
 * The navigation guard of spec section 4. With a token: the login page sends to the home path, and a
 * missing permission list is fetched first (then the redirect query is honoured; on failure the user
 * is logged out). Without a token: only the login page; anything else signs in as the guest and reloads,
 * unless this page has just logged out, which goes to the login page.
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
        fetchPermissions().catch(() => logout().finally(() => navigate(loginWithRedirect(path), { replace: true })));
      }
    } else if (!isOpenPath(path) && signedOutOnThisPage()) {
      navigate(LOGIN_PATH, { replace: true });
    } else if (!isOpenPath(path)) {
      guestLogin()
        .then(() => window.location.reload())
        .catch(() => logout().finally(() => navigate(loginWithRedirect(path), { replace: true })));
    }
  }, [snap.token, snap.menu, path, location.search, navigate]);

  const ready = snap.token ? !isOpenPath(path) && !!snap.menu : isOpenPath(path);
  return ready ? <>{children}</> : <PageLoading />;
}
