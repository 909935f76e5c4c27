import { describe, expect, it } from 'vitest';
import { documentTitle, matchesTitle, pageEntryOf, routeChain, searchableRoutes } from '../../../src/runtime/layout/pages.ts';
import { closeAround, closePage, HOME_NOT_CLOSABLE, LAST_NOT_CLOSABLE, type PageEntry, storeRouteTitle, withPage } from '../../../src/runtime/layout/tabs.ts';
import type { AppRoute } from '../../../src/runtime/menu/routes.ts';
import { local } from '../../../src/runtime/storage.ts';

const page = (path: string): PageEntry => ({ name: path, path, fullPath: path, meta: { title: path, keepAlive: false } });
const HOME = page('/dashboard/analysis');
const [A, B, C] = ['/a', '/b', '/c'].map(page);
const paths = (pages: PageEntry[]) => pages.map((p) => p.path);

describe('tabs (spec section 2, "Tab page layout"; section 4, "Tabs")', () => {
  it('a new page adds a tab, an open one is updated in place, home goes first', () => {
    let pages = withPage([], A);
    pages = withPage(pages, HOME);
    pages = withPage(pages, B);
    expect(paths(pages)).toEqual(['/dashboard/analysis', '/a', '/b']);
    pages = withPage(pages, { ...A, meta: { ...A.meta, title: 'renamed' } });
    expect(pages.map((p) => p.meta.title)).toEqual(['/dashboard/analysis', 'renamed', '/b']);
  });

  it('home cannot be closed, nor the last tab; each with its message', () => {
    expect(closePage([HOME, A], HOME.fullPath, A.fullPath)).toEqual({ refused: HOME_NOT_CLOSABLE });
    expect(closePage([HOME], HOME.fullPath, HOME.fullPath)).toEqual({ refused: LAST_NOT_CLOSABLE });
    expect(closePage([A], A.fullPath, A.fullPath)).toEqual({ refused: LAST_NOT_CLOSABLE });
    expect(HOME_NOT_CLOSABLE).toBe('首页不能关闭!');
    expect(LAST_NOT_CLOSABLE).toBe('这是最后一页，不能再关闭了啦');
  });

  it('closing the active tab moves to its left neighbour; closing another keeps the active one', () => {
    expect(closePage([HOME, A, B, C], B.fullPath, B.fullPath)).toEqual({ pages: [HOME, A, C], active: A.fullPath });
    expect(closePage([A, B], A.fullPath, A.fullPath)).toEqual({ pages: [B], active: B.fullPath });
    expect(closePage([HOME, A, B], A.fullPath, B.fullPath)).toEqual({ pages: [HOME, B], active: B.fullPath });
  });

  it('close left, right and others keep home and the chosen tab, which becomes active', () => {
    const all = [HOME, A, B, C];
    expect(closeAround(all, B.fullPath, 'left')).toEqual({ pages: [HOME, B, C], active: B.fullPath });
    expect(closeAround(all, B.fullPath, 'right')).toEqual({ pages: [HOME, A, B], active: B.fullPath });
    expect(closeAround(all, B.fullPath, 'others')).toEqual({ pages: [HOME, B], active: B.fullPath });
    expect(closeAround(all, HOME.fullPath, 'others')).toEqual({ pages: [HOME], active: HOME.fullPath });
  });
});

const route = (path: string, title: string, extra: Partial<AppRoute> = {}): AppRoute =>
  ({
    path,
    name: path,
    title,
    component: 'x/Page',
    componentPath: 'views/x/Page',
    meta: { title, keepAlive: false, internalOrExternal: false },
    ...extra,
  }) as AppRoute;
const MENU = [
  route('/dashboard/analysis', '首页'),
  route('/system', '系统管理', {
    component: 'layouts/RouteView',
    children: [route('/system/user', 'User 用户管理'), route('/system/secret', '隐藏页', { hidden: true })],
  }),
  route('/account', '个人页', {
    component: 'layouts/RouteView',
    children: [route('/account/center', '个人中心', { meta: { title: '个人中心', keepAlive: true, internalOrExternal: false } })],
  }),
];

describe('pages, breadcrumb chain and menu search', () => {
  it('finds the chain of menu entries down to a page', () => {
    expect(routeChain(MENU, '/system/user').map((r) => r.meta.title)).toEqual(['系统管理', 'User 用户管理']);
    expect(routeChain(MENU, '/nowhere')).toEqual([]);
  });

  it('titles a page from a stored title, the menu, the fixed routes, or its path', () => {
    expect(pageEntryOf(MENU, '/account/center').meta).toMatchObject({ title: '个人中心', keepAlive: true });
    expect(pageEntryOf(MENU, '/isps/userAnnouncement').meta.title).toBe('我的消息');
    expect(pageEntryOf(MENU, '/x/y').meta.title).toBe('/x/y');
    storeRouteTitle('/account/center', '我的主页');
    expect(pageEntryOf(MENU, '/account/center').meta.title).toBe('我的主页');
    local.remove('route:title:/account/center');
    expect(documentTitle('个人中心', '希望工程后台管理系统')).toBe('个人中心 - 希望工程后台管理系统');
  });

  it('searches visible pages only (no hidden entries, no route-view containers), by title, ignoring case', () => {
    const found = searchableRoutes(MENU);
    expect(found.map((r) => r.path)).toEqual(['/dashboard/analysis', '/system/user', '/account/center']);
    expect(found.filter((r) => matchesTitle(r, 'user')).map((r) => r.path)).toEqual(['/system/user']);
    expect(found.filter((r) => matchesTitle(r, ' USER ')).map((r) => r.path)).toEqual(['/system/user']);
    expect(found.filter((r) => matchesTitle(r, '个人')).map((r) => r.path)).toEqual(['/account/center']);
  });
});
