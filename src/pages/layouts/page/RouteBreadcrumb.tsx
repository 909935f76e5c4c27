import { Breadcrumb } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { HOME_PATH } from '../../../runtime/config.ts';
import { FIXED_TITLES, routeChain } from '../../../runtime/layout/pages.ts';
import type { AppRoute } from '../../../runtime/menu/routes.ts';
import { session } from '../../../runtime/session/store.ts';

/** 首页 linking home, then the menu entries down to this page, the current one as plain text. */
export function RouteBreadcrumb() {
  const { routes } = useSnapshot(session);
  const { pathname } = useLocation();
  const chain = routeChain(routes as AppRoute[], pathname).filter((r) => r.path !== HOME_PATH);
  const titles = chain.length ? chain.map((r) => ({ path: r.path, title: r.meta.title })) : pathname !== HOME_PATH && FIXED_TITLES[pathname] ? [{ path: pathname, title: FIXED_TITLES[pathname] }] : [];
  const items = [{ path: HOME_PATH, title: '首页' }, ...titles].map((item, i, all) => ({
    key: item.path,
    title: i === all.length - 1 ? <span>{item.title}</span> : <Link to={item.path}>{item.title}</Link>,
  }));
  return <Breadcrumb className="route-breadcrumb" data-testid="breadcrumb" items={items} />;
}
