import { HOME_PATH } from '../config.ts';
import type { AppRoute } from '../menu/routes.ts';
import { type PageEntry, storedRouteTitle } from './tabs.ts';

/*
 * What the shell knows about the page at an address: its chain of menu entries (for the breadcrumb),
 * and its title (for the tab and the document title), from the stored title, the menu, or the fixed
 * routes that are not menu entries.
 */

export const FIXED_TITLES: Record<string, string> = {
  [HOME_PATH]: '首页',
  '/isps/userAnnouncement': '我的消息',
  '/test/home': '测试首页',
  '/online/desform/designer': '表单设计器',
};

/** The menu entries from the root down to the one at `path`; empty when the menu has none there. */
export function routeChain(routes: readonly AppRoute[], path: string): AppRoute[] {
  for (const route of routes) {
    if (route.path === path) return [route];
    const below = routeChain(route.children ?? [], path);
    if (below.length) return [route, ...below];
  }
  return [];
}

export function pageEntryOf(routes: readonly AppRoute[], pathname: string, search = ''): PageEntry {
  const fullPath = pathname + search;
  const route = routeChain(routes, pathname).at(-1);
  const title = storedRouteTitle(fullPath) ?? storedRouteTitle(pathname) ?? route?.meta.title ?? FIXED_TITLES[pathname] ?? pathname;
  return {
    name: route?.name ?? pathname.replace(/^\/+/, '').replace(/\//g, '-'),
    path: pathname,
    fullPath,
    meta: { title, icon: route?.meta.icon, keepAlive: !!route?.meta.keepAlive },
  };
}

/** '{page title} - {system name}' (spec section 2). */
export const documentTitle = (pageTitle: string, systemName: string) => `${pageTitle} - ${systemName}`;

/** Menu entries a search may jump to: visible pages, not hidden ones and not route-view containers. */
export function searchableRoutes(routes: readonly AppRoute[]): AppRoute[] {
  return routes.flatMap((r) => {
    if (r.hidden) return [];
    const below = searchableRoutes(r.children ?? []);
    const container = r.component === 'layouts/RouteView' || (r.children?.length ?? 0) > 0;
    return container ? below : [r, ...below];
  });
}

/** Case-insensitive title match of the menu search. */
export const matchesTitle = (route: AppRoute, text: string) => route.meta.title.toLowerCase().includes(text.trim().toLowerCase());
