import type { AppRoute } from '../../../runtime/menu/routes.ts';
import { local } from '../../../runtime/storage.ts';

/*
 * 我的快捷方式: the screens of the user's own menu a shortcut may open (visible leaves, not containers,
 * not external addresses, not the dashboards themselves), the handful shown until the user picks their
 * own, and the user's pick, kept in this browser per username.
 */

export interface Shortcut {
  path: string;
  title: string;
  icon?: string;
  /** The title of the menu entry it sits under ('' at the top level). */
  area: string;
}

export const DEFAULT_COUNT = 6;
const DASHBOARDS = /^\/dashboard(\/|$)/;
const storageKey = (username: string) => `WORKPLACE_SHORTCUTS:${username}`;

/** The leaves of the menu, in menu order; a leaf without an icon of its own shows its area's. */
export function menuShortcuts(routes: readonly AppRoute[], area = '', areaIcon?: string): Shortcut[] {
  return routes.flatMap((r) => {
    if (r.hidden) return [];
    if (r.children?.length) return menuShortcuts(r.children, r.meta.title, r.meta.icon ?? areaIcon);
    if (r.component.startsWith('layouts/') || r.meta.internalOrExternal || /^https?:/i.test(r.path) || DASHBOARDS.test(r.path)) return [];
    return [{ path: r.path, title: r.meta.title, icon: r.meta.icon ?? areaIcon, area }];
  });
}

/** The shortcuts shown: the user's pick (those still in their menu, in the pick's order), else the first few. */
export function shownShortcuts(all: readonly Shortcut[], pinned: readonly string[] | null): Shortcut[] {
  if (!pinned) return all.slice(0, DEFAULT_COUNT);
  const byPath = new Map(all.map((s) => [s.path, s]));
  return pinned.flatMap((p) => byPath.get(p) ?? []);
}

/** The user's pick, or null when they have not picked (the defaults show). */
export const pinnedShortcuts = (username: string): string[] | null => local.get<string[]>(storageKey(username));

/** Keeps the pick; null goes back to the defaults. */
export function savePinned(username: string, paths: readonly string[] | null) {
  if (paths) local.set(storageKey(username), [...paths]);
  else local.remove(storageKey(username));
}
