import { describe, expect, it } from 'vitest';
import type { SysPermission } from '../../../server/db/schema.ts';
import { buildTree, urlToRouteName } from '../../../server/services/permissions.ts';

const row = (p: Partial<SysPermission> & { id: string; name: string }): SysPermission => ({
  parent_id: null,
  url: null,
  component: null,
  component_name: null,
  redirect: null,
  menu_type: 0,
  perms: null,
  perms_type: '1',
  sort_no: 0,
  always_show: false,
  icon: null,
  is_route: true,
  is_leaf: true,
  keep_alive: false,
  hidden: false,
  internal_or_external: false,
  description: null,
  status: '1',
  del_flag: 0,
  create_by: null,
  create_time: null,
  update_by: null,
  update_time: null,
  ...p,
});

describe('urlToRouteName', () => {
  it.each([
    ['/system/user', 'system-user'],
    ['/dashboard/analysis', 'dashboard-analysis'],
    ['system/role', 'system-role'],
    ['//a//b', 'a-b'],
    ['/online/cgform/:code', 'online-cgform-code'],
    ['/report?id=1&x=2', 'report-id-1-x-2'],
    ['', 'unnamed'],
    [null, 'unnamed'],
  ])('%j → %j', (url, name) => {
    expect(urlToRouteName(url)).toBe(name);
  });
});

describe('buildTree', () => {
  it('nests children under parents in row order and keeps orphans as roots', () => {
    const tree = buildTree([
      row({ id: '1', name: '首页', url: '/dashboard/analysis', component: 'dashboard/Analysis', icon: 'home' }),
      row({ id: '2', name: '系统管理', url: '/system', component: 'layouts/RouteView', redirect: '/system/user', always_show: true }),
      row({ id: '3', name: '用户', parent_id: '2', url: '/system/user', component: 'system/UserList', menu_type: 1, keep_alive: true }),
      row({ id: '4', name: '角色', parent_id: '2', url: '/system/role', component: 'system/RoleList', menu_type: 1, hidden: true }),
      row({ id: '5', name: '孤儿', parent_id: 'missing', url: '/orphan', component: 'Orphan', menu_type: 1 }),
    ]);
    expect(tree.map((n) => n.id)).toEqual(['1', '2', '5']);
    expect(tree[0]).toEqual({
      id: '1',
      path: '/dashboard/analysis',
      name: 'dashboard-analysis',
      component: 'dashboard/Analysis',
      route: '1',
      meta: { title: '首页', icon: 'home', keepAlive: false, internalOrExternal: false },
    });
    expect(tree[1]).toMatchObject({ redirect: '/system/user', alwaysShow: true });
    expect(tree[1].children!.map((n) => n.id)).toEqual(['3', '4']);
    expect(tree[1].children![0].meta.keepAlive).toBe(true);
    expect(tree[1].children![1].hidden).toBe(true);
    expect(tree[0]).not.toHaveProperty('children');
  });

  it('keeps a redirect only on top-level entries', () => {
    const [root] = buildTree([row({ id: '1', name: 'p', url: '/p' }), row({ id: '2', name: 'c', parent_id: '1', url: '/p/c', redirect: '/p/c/x' })]);
    expect(root.children![0]).not.toHaveProperty('redirect');
  });

  it("marks a non-route entry with route '0' and prefers the component name as route name", () => {
    const [a, b] = buildTree([row({ id: '1', name: 'a', url: '/a', is_route: false }), row({ id: '2', name: 'b', url: '/b', component_name: 'BPage' })]);
    expect(a.route).toBe('0');
    expect(b).toMatchObject({ name: 'BPage', route: '1', meta: { componentName: 'BPage' } });
  });

  it('gives an external URL its own route path and keeps the address in meta.url', () => {
    const [ext, internal] = buildTree([
      row({ id: '9', name: '外链', url: 'https://example.org/x?y=1', internal_or_external: true }),
      row({ id: '10', name: 'internal', url: '/not/external' }),
    ]);
    expect(ext).toMatchObject({ path: '/external/9', name: 'external-9', meta: { url: 'https://example.org/x?y=1', internalOrExternal: true } });
    expect(internal.meta).not.toHaveProperty('url');
  });

  it('returns an empty list for no rows', () => {
    expect(buildTree([])).toEqual([]);
  });
});
