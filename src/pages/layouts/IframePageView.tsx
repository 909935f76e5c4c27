import { useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { flattenRoutes } from '../../runtime/menu/routes.ts';
import { session } from '../../runtime/session/store.ts';

/** A menu entry whose page is another site, shown inside the layout ('layouts/IframePageView'). */
export function IframePageView() {
  const { routes } = useSnapshot(session);
  const { pathname } = useLocation();
  const route = flattenRoutes(routes as never).find((r) => r.path === pathname);
  if (!route?.meta.url) return <div className="empty-hint">该菜单未配置有效的外部地址</div>;
  return <iframe title={route.meta.title} src={route.meta.url} className="iframe-page" />;
}
