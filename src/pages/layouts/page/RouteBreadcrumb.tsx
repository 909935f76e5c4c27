import { Breadcrumb } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { HOME_PATH } from '../../../runtime/config.ts';
import { pageEntryOf, routeChain } from '../../../runtime/layout/pages.ts';
import type { AppRoute } from '../../../runtime/menu/routes.ts';
import { session } from '../../../runtime/session/store.ts';

/**
 * 首页 linking home, then the menu entries down to this page, the current one as plain text. A page that
 * is no menu entry (the form designer, my messages) is named by the title its tab shows.
 */
export function RouteBreadcrumb() {
  const { routes } = useSnapshot(session);
  const { pathname } = useLocation();
  const chain = routeChain(routes as AppRoute[], pathname).filter((r) => r.path !== HOME_PATH);
  const own = pageEntryOf(routes as AppRoute[], pathname).meta.title;
  const titles = chain.length
    ? chain.map((r) => ({ path: r.path, title: r.meta.title }))
    : pathname !== HOME_PATH && own !== pathname
      ? [{ path: pathname, title: own }]
      : [];
  const items = [{ path: HOME_PATH, title: '首页' }, ...titles].map((item, i, all) => ({
    key: item.path,
    title: i === all.length - 1 ? <span>{item.title}</span> : <Link to={item.path}>{item.title}</Link>,
  }));
  return <Breadcrumb className="route-breadcrumb" data-testid="breadcrumb" items={items} />;
}
