import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { routeChain } from '../../../runtime/layout/pages.ts';
import { storeRouteTitle } from '../../../runtime/layout/tabs.ts';
import type { AppRoute } from '../../../runtime/menu/routes.ts';
import { session } from '../../../runtime/session/store.ts';
import { menuIcon } from './icons.tsx';

type MenuItem = Required<MenuProps>['items'][number];

/** Menu items from the routes: hidden entries skipped, containers as submenus unless always-show. */
export function menuItems(routes: readonly AppRoute[]): MenuItem[] {
  return routes
    .filter((r) => !r.hidden)
    .map((r) => {
      const children = r.children?.filter((c) => !c.hidden) ?? [];
      const base = { key: r.path, icon: menuIcon(r.meta.icon), label: r.meta.title };
      return children.length && !r.alwaysShow ? { ...base, children: menuItems(children) } : base;
    });
}

function flatten(routes: readonly AppRoute[], into = new Map<string, AppRoute>()) {
  for (const r of routes) {
    into.set(r.path, r);
    flatten(r.children ?? [], into);
  }
  return into;
}

/** Opens a menu entry: another site in a new browser tab, anything else as a route (iframe pages too). */
export function useOpenRoute() {
  const navigate = useNavigate();
  return (route: AppRoute) => {
    if (route.meta.internalOrExternal && route.meta.url) {
      window.open(route.meta.url, '_blank', 'noopener,noreferrer');
      return;
    }
    storeRouteTitle(route.path, route.meta.title);
    navigate(route.path);
  };
}

interface Props {
  mode: 'inline' | 'horizontal';
  theme: 'dark' | 'light';
  collapsed?: boolean;
  /** Called after an entry is chosen (the mobile drawer closes then). */
  onChosen?: () => void;
}

/**
 * The server menu. In inline mode only one root submenu is open at a time; collapsing remembers the
 * open submenus and closes them, expanding opens them again.
 */
export function NavMenu({ mode, theme, collapsed = false, onChosen }: Props) {
  const { routes } = useSnapshot(session);
  const { pathname } = useLocation();
  const openRoute = useOpenRoute();
  const all = routes as AppRoute[];
  const items = useMemo(() => menuItems(all), [all]);
  const byPath = useMemo(() => flatten(all), [all]);
  const rootKeys = useMemo(() => all.filter((r) => r.children?.length).map((r) => r.path), [all]);
  const ancestors = useMemo(
    () =>
      routeChain(all, pathname)
        .slice(0, -1)
        .map((r) => r.path),
    [all, pathname],
  );
  const [openKeys, setOpenKeys] = useState<string[]>(collapsed ? [] : ancestors);
  const cached = useRef<string[]>([]);

  useEffect(() => {
    if (collapsed) {
      cached.current = openKeys;
      setOpenKeys([]);
    } else {
      setOpenKeys((keys) => (keys.length ? keys : cached.current.length ? cached.current : ancestors));
    }
    // Only the collapse switch drives this; the open keys it reads are the ones at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [collapsed]);

  // Arriving at a page opens its submenus (and, one root at a time, closes the others).
  useEffect(() => {
    if (!collapsed && ancestors.length) setOpenKeys(ancestors);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ancestors]);

  const onOpenChange = (keys: string[]) => {
    const opened = keys.find((k) => !openKeys.includes(k));
    setOpenKeys(opened && rootKeys.includes(opened) ? [opened] : keys);
  };

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const route = byPath.get(key);
    if (route) openRoute(route);
    onChosen?.();
  };

  // Under a Sider the Sider's collapse drives the menu's; only the open submenus are kept here.
  const inlineProps = mode === 'inline' ? { openKeys, onOpenChange } : {};
  return <Menu className="nav-menu" mode={mode} theme={theme} items={items} selectedKeys={[pathname]} onClick={onClick} {...inlineProps} />;
}
