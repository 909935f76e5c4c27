import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { HOME_PATH, runtimeConfig } from '../../../runtime/config.ts';
import { documentTitle, FIXED_TITLES, pageEntryOf } from '../../../runtime/layout/pages.ts';
import { openTab, tabs } from '../../../runtime/layout/tabs.ts';
import type { AppRoute } from '../../../runtime/menu/routes.ts';
import { session } from '../../../runtime/session/store.ts';

/**
 * The page at the current address: opened as a tab (home always first), and named in the document
 * title as '{page title} - {system name}'.
 */
export function useCurrentPage() {
  const { routes } = useSnapshot(session);
  const { pages } = useSnapshot(tabs);
  const { pathname, search } = useLocation();
  const page = useMemo(() => pageEntryOf(routes as AppRoute[], pathname, search), [routes, pathname, search]);

  useEffect(() => {
    if (!tabs.pages.some((p) => p.path === HOME_PATH)) openTab(pageEntryOf(routes as AppRoute[], HOME_PATH));
    openTab(page);
  }, [page, routes]);

  // A page may rename its tab (storeRouteTitle); the document title follows the tab.
  const title = pages.find((p) => p.fullPath === page.fullPath)?.meta.title ?? page.meta.title ?? FIXED_TITLES[pathname];
  useEffect(() => {
    document.title = documentTitle(title, runtimeConfig().systemName);
  }, [title]);

  return page;
}
