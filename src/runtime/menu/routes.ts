import type { MenuMeta, MenuNode } from '../../core/api-types.ts';
import { expandUrlTemplate, isValidUrl } from '../helpers/url-template.ts';

/** A route derived from one server menu entry (spec section 2, "Routes built from the server menu"). */
export interface AppRoute {
  path: string;
  name: string;
  /** 'components/layouts/…' for layout containers, 'views/…' for pages, as JeecgBoot resolves them. */
  componentPath: string;
  component: string;
  redirect?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  meta: MenuMeta;
  children?: AppRoute[];
}

export function componentPathOf(component: string): string {
  return component.includes('layouts') ? `components/${component}` : `views/${component}`;
}

/**
 * Applies the rules of section 2: entries whose route flag is '0' are skipped, alwaysShow redirects
 * to its own path, an external URL template is expanded and kept only when it gives a valid URL.
 */
export function generateRoutes(menu: MenuNode[], scope: Record<string, unknown> = {}): AppRoute[] {
  const routes: AppRoute[] = [];
  for (const item of menu) {
    const meta: MenuMeta = { ...item.meta };
    if (item.meta.url) {
      const expanded = expandUrlTemplate(item.meta.url, scope);
      if (isValidUrl(expanded)) meta.url = expanded;
      else delete meta.url;
    }
    const route: AppRoute = {
      path: item.path,
      name: item.name,
      component: item.component ?? '',
      componentPath: componentPathOf(item.component ?? ''),
      redirect: item.redirect,
      hidden: item.hidden,
      meta,
    };
    if (item.alwaysShow) {
      route.alwaysShow = true;
      route.redirect = route.path;
    }
    if (item.children?.length) route.children = generateRoutes(item.children, scope);
    if (item.route !== '0') routes.push(route);
  }
  return routes;
}

/** All routes of a tree, parents before their children, for registering them flat under the layout. */
export function flattenRoutes(routes: AppRoute[]): AppRoute[] {
  return routes.flatMap((r) => [r, ...flattenRoutes(r.children ?? [])]);
}

/** Where a container route (one with children) sends its visitors: its redirect, else its first visible child. */
export function containerTarget(route: AppRoute): string | undefined {
  if (route.redirect && route.redirect !== route.path) return route.redirect;
  return route.children?.find((c) => !c.hidden)?.path;
}
