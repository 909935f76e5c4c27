import { lazy, Suspense, useMemo } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { HOME_PATH, LOGIN_PATH } from './runtime/config.ts';
import { lazyInAntd } from './runtime/layout/antd-lazy.tsx';
import { linkAntdSheets } from './runtime/layout/antd-sheets.ts';
import { type AppRoute, containerTarget, flattenRoutes } from './runtime/menu/routes.ts';
import { PageLoading } from './runtime/session/PageLoading.tsx';
import { SessionGate } from './runtime/session/SessionGate.tsx';
import { session } from './runtime/session/store.ts';
import { resolveComponent } from './pages/registry.tsx';
import Login from './pages/user/Login.tsx';
import UserLayout from './pages/user/UserLayout.tsx';

const Register = lazyInAntd(() => import('./pages/user/Register.tsx'));
const RegisterResult = lazyInAntd(() => import('./pages/user/RegisterResult.tsx'));
const Alteration = lazyInAntd(() => import('./pages/user/Alteration.tsx'));
const ThirdLogin = lazyInAntd(() => import('./pages/user/ThirdLogin.tsx'));
const loadBasicLayout = () => import('./pages/layouts/BasicLayout.tsx');
// Every page of the signed-in shell is drawn inside it, so inside antd's configuration too.
const BasicLayout = lazyInAntd(loadBasicLayout);
// Signed in from an earlier visit: the layout's code and antd's styles load while the session gate asks for the menu, not after it.
if (session.token) {
  void loadBasicLayout();
  void linkAntdSheets();
}
const Analysis = lazy(() => import('./pages/dashboard/Analysis.tsx'));
const TestHome = lazy(() => import('./pages/test/Home.tsx'));
const Exception404 = lazyInAntd(() => import('./pages/exception/404.tsx'));
const FormDesignerPage = lazy(() => import('./pages/online/FormDesigner.tsx'));
const UserAnnouncement = lazy(() => import('./pages/isps/UserAnnouncement.tsx'));

/** Fixed paths the menu may also list; the fixed route wins. */
const FIXED = new Set([HOME_PATH, '/test/home', '/isps/userAnnouncement', '/online/desform/designer']);

function menuRoute(route: AppRoute) {
  const path = route.path.replace(/^\/+/, '');
  const target = containerTarget(route);
  if (route.children?.length && target) return <Route key={route.path} path={path} element={<Navigate to={target} replace />} />;
  const Page = resolveComponent(route.component);
  return <Route key={route.path} path={path} element={<Page />} />;
}

/** The fixed routes of spec section 2 plus one route per server menu entry, all in hash mode. */
export function App() {
  const { routes } = useSnapshot(session);
  const menuRoutes = useMemo(() => flattenRoutes(routes as AppRoute[]).filter((r) => r.path && !FIXED.has(r.path) && !/^https?:/i.test(r.path)), [routes]);
  return (
    <SessionGate>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route path="/user" element={<UserLayout />}>
            <Route index element={<Navigate to={LOGIN_PATH} replace />} />
            <Route path="login" element={<Login />} />
            <Route path="register" element={<Register />} />
            <Route path="register-result" element={<RegisterResult />} />
            <Route path="alteration" element={<Alteration />} />
            <Route path="third-login" element={<ThirdLogin />} />
          </Route>
          <Route path="/404" element={<Exception404 />} />
          <Route path="/" element={<BasicLayout />}>
            <Route index element={<Navigate to={HOME_PATH} replace />} />
            <Route path="dashboard/analysis" element={<Analysis />} />
            <Route path="test" element={<Navigate to="/test/home" replace />} />
            <Route path="test/home" element={<TestHome />} />
            <Route path="online/desform/designer" element={<FormDesignerPage />} />
            {/* Reached from the bell by everyone, the guest included, whether or not the menu lists it. */}
            <Route path="isps/userAnnouncement" element={<UserAnnouncement />} />
            {menuRoutes.map(menuRoute)}
          </Route>
          <Route path="*" element={<Navigate to="/404" replace />} />
        </Routes>
      </Suspense>
    </SessionGate>
  );
}
