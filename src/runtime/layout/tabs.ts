import { proxy } from 'valtio';
import { HOME_PATH } from '../config.ts';
import { local } from '../storage.ts';

/*
 * Multi-tab mode (spec section 2, "Tab page layout"; section 4, "Tabs"): the pages opened in this
 * browser tab, home always first. The list operations are pure functions over the list so they can be
 * tested without a browser; the store below holds the list and a refresh counter per page.
 */

export interface PageEntry {
  name: string;
  path: string;
  fullPath: string;
  meta: { title: string; icon?: string; keepAlive: boolean };
}

export const HOME_NOT_CLOSABLE = '首页不能关闭!';
export const LAST_NOT_CLOSABLE = '这是最后一页，不能再关闭了啦';

/** Selecting a menu entry stores its title under this key; a page may store a better one (a record's name). */
export const routeTitleKey = (path: string) => `route:title:${path}`;
export const storedRouteTitle = (path: string) => local.get<string>(routeTitleKey(path));
export function storeRouteTitle(path: string, title: string) {
  local.set(routeTitleKey(path), title);
  for (const page of tabs.pages) if (page.fullPath === path || page.path === path) page.meta.title = title;
}

export const isHome = (page: Pick<PageEntry, 'path'>) => page.path === HOME_PATH;

/** Adds a page, or updates the one already open at that address; home stays first. */
export function withPage(pages: readonly PageEntry[], page: PageEntry): PageEntry[] {
  const index = pages.findIndex((p) => p.fullPath === page.fullPath);
  if (index >= 0) return pages.map((p, i) => (i === index ? page : p));
  return isHome(page) ? [page, ...pages] : [...pages, page];
}

export type CloseResult = { pages: PageEntry[]; active: string } | { refused: string };

/** Closes one page; the active page moves to the left neighbour (the right one when there is none). */
export function closePage(pages: readonly PageEntry[], fullPath: string, active: string): CloseResult {
  const index = pages.findIndex((p) => p.fullPath === fullPath);
  if (index < 0) return { pages: [...pages], active };
  // The last tab is checked first: home is always open, so otherwise this message could never show.
  if (pages.length === 1) return { refused: LAST_NOT_CLOSABLE };
  if (isHome(pages[index])) return { refused: HOME_NOT_CLOSABLE };
  const rest = pages.filter((_, i) => i !== index);
  if (active !== fullPath) return { pages: rest, active };
  return { pages: rest, active: rest[Math.max(0, index - 1)].fullPath };
}

export type Side = 'left' | 'right' | 'others';

/** Closes the pages to one side of a page (or all others); home is never closed. The page becomes active. */
export function closeAround(pages: readonly PageEntry[], fullPath: string, side: Side): { pages: PageEntry[]; active: string } {
  const index = pages.findIndex((p) => p.fullPath === fullPath);
  if (index < 0) return { pages: [...pages], active: fullPath };
  const keep = (p: PageEntry, i: number) => isHome(p) || i === index || (side === 'left' && i > index) || (side === 'right' && i < index);
  return { pages: pages.filter(keep), active: fullPath };
}

export const tabs = proxy({
  pages: [] as PageEntry[],
  /** Bumped to remount a page (the context menu's 刷新). */
  refresh: {} as Record<string, number>,
});

export function openTab(page: PageEntry) {
  const stored = storedRouteTitle(page.fullPath) ?? storedRouteTitle(page.path);
  tabs.pages = withPage(tabs.pages, stored ? { ...page, meta: { ...page.meta, title: stored } } : page);
}

export function refreshTab(fullPath: string) {
  tabs.refresh[fullPath] = (tabs.refresh[fullPath] ?? 0) + 1;
}

export function resetTabs() {
  tabs.pages = [];
  tabs.refresh = {};
}
