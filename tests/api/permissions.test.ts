import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPermission, userId } from './helpers/fixtures.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
let adminToken: string;
let guestToken: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  s = await startServer();
  ids.parent = await addPermission(s.db, {
    name: '系统管理',
    url: '/system',
    component: 'layouts/RouteView',
    redirect: '/system/user',
    always_show: true,
    sort_no: 5,
    icon: 'setting',
  });
  ids.user = await addPermission(s.db, {
    name: '用户管理',
    parent_id: ids.parent,
    url: '/system/user',
    component: 'system/UserList',
    menu_type: 1,
    sort_no: 1,
    keep_alive: true,
  });
  ids.secret = await addPermission(s.db, {
    name: '隐藏页',
    parent_id: ids.parent,
    url: '/system/secret',
    component: 'system/Secret',
    menu_type: 1,
    sort_no: 2,
    hidden: true,
    component_name: 'SecretPage',
  });
  ids.noRoute = await addPermission(s.db, { name: '非路由', url: '/system/not-a-route', component: 'system/NotARoute', is_route: false, sort_no: 6 });
  ids.external = await addPermission(s.db, {
    name: '帮助文档',
    url: 'https://help.example.org/docs?x=1',
    component: 'layouts/IframePageView',
    sort_no: 7,
    internal_or_external: true,
  });
  ids.deleted = await addPermission(s.db, { name: '已删除', url: '/gone', component: 'Gone', del_flag: 1, sort_no: 8 });
  ids.financeOnly = await addPermission(s.db, { name: '财务台账', url: '/finance/ledger', component: 'finance/Ledger', sort_no: 9 }, ['finance']);
  ids.edit = await addPermission(s.db, { name: '编辑', parent_id: ids.user, menu_type: 2, perms: 'probe:edit', sort_no: 1 }, ['admin']);
  ids.open = await addPermission(s.db, { name: '公开按钮', menu_type: 2, perms: 'probe:open', status: '0', sort_no: 2 }, []);
  ids.disable = await addPermission(s.db, { name: '禁用策略', menu_type: 2, perms: 'probe:disable', perms_type: '2', sort_no: 3 }, ['admin', 'guest']);
  adminToken = await s.loginAs('admin', ADMIN_PASSWORD);
  guestToken = (await s.api.post('/sys/guestLogin')).body.result.token;
});
afterAll(() => s?.close());

const permissionsOf = async (token: string) => {
  const r = await s.api.get('/sys/permission/getUserPermissionByToken', token);
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({ success: true, code: 200 });
  return r.body.result as { menu: any[]; auth: any[]; allAuth: any[] };
};

describe('getUserPermissionByToken', () => {
  it('answers {menu, auth, allAuth} with the dashboard menu shaped as the client expects', async () => {
    const result = await permissionsOf(adminToken);
    expect(Object.keys(result).sort()).toEqual(['allAuth', 'auth', 'menu']);
    expect(result.menu[0]).toEqual({
      id: expect.any(String),
      path: '/dashboard/analysis',
      name: 'dashboard-analysis',
      component: 'dashboard/Analysis',
      route: '1',
      meta: { title: '首页', icon: 'home', keepAlive: false, internalOrExternal: false },
    });
  });

  it("returns menus in sort order, nested under their parents, without deleted rows or other roles' menus", async () => {
    const { menu } = await permissionsOf(adminToken);
    // The schema documents' areas (捐赠管理 10, 系统管理 /isystem 90) and the seed's own 消息中心 and
    // 个人页 (sort 80 and 90) follow the entries added here.
    // Other business areas (项目管理, 救助管理 …) sit between them; this test is about the entries named here.
    const named = new Set(['首页', '系统管理', '非路由', '帮助文档', '捐赠管理', '消息中心', '个人页']);
    expect(menu.map((m) => m.meta.title).filter((t: string) => named.has(t))).toEqual([
      '首页',
      '系统管理',
      '非路由',
      '帮助文档',
      '捐赠管理',
      '消息中心',
      '个人页',
      '系统管理',
    ]);
    // 仪表盘 (sort 1, the seed's) sits between 首页 and the 系统管理 added here.
    expect(menu.map((m) => m.path).slice(0, 3)).toEqual(['/dashboard/analysis', '/dashboard', '/system']);
    const system = menu[2];
    expect(system).toMatchObject({ path: '/system', name: 'system', component: 'layouts/RouteView', redirect: '/system/user', alwaysShow: true, route: '1' });
    expect(system.children.map((c: { path: string }) => c.path)).toEqual(['/system/user', '/system/secret']);
    expect(system.children[0]).toMatchObject({ name: 'system-user', meta: { title: '用户管理', keepAlive: true } });
    expect(system.children[0]).not.toHaveProperty('hidden');
    expect(system.children[0]).not.toHaveProperty('children');
    expect(system.children[1]).toMatchObject({ hidden: true, name: 'SecretPage', meta: { componentName: 'SecretPage' } });
    expect(JSON.stringify(menu)).not.toContain('/gone');
    expect(JSON.stringify(menu)).not.toContain('/finance/ledger');
  });

  it("marks a menu that is not a route with route '0'", async () => {
    const { menu } = await permissionsOf(adminToken);
    const entry = menu.find((m) => m.id === ids.noRoute);
    expect(entry).toMatchObject({ route: '0', path: '/system/not-a-route' });
  });

  it('keeps an external URL in meta.url and gives the entry a route path of its own', async () => {
    const { menu } = await permissionsOf(adminToken);
    const entry = menu.find((m) => m.id === ids.external);
    expect(entry.meta).toMatchObject({ url: 'https://help.example.org/docs?x=1', internalOrExternal: true, title: '帮助文档' });
    expect(entry.path).toBe(`/external/${ids.external}`);
    expect(entry.path).not.toContain('://');
  });

  it('lists granted buttons in auth and every button in allAuth, never as menus', async () => {
    const { menu, auth, allAuth } = await permissionsOf(adminToken);
    expect(auth).toContainEqual({ action: 'probe:edit', describe: '编辑', type: '1', status: '1' });
    expect(auth).toContainEqual({ action: 'probe:disable', describe: '禁用策略', type: '2', status: '1' });
    expect(auth.map((a) => a.action)).not.toContain('probe:open');
    expect(
      allAuth
        .map((a) => a.action)
        .filter((a) => a.startsWith('probe:'))
        .sort(),
    ).toEqual(['probe:disable', 'probe:edit', 'probe:open']);
    expect(allAuth).toContainEqual({ action: 'probe:open', describe: '公开按钮', type: '1', status: '0' });
    expect(JSON.stringify(menu)).not.toContain('probe:edit');
  });

  it('gives the guest only its own buttons', async () => {
    const { menu, auth, allAuth } = await permissionsOf(guestToken);
    // The business areas whose documents give the guest read access follow; never the system menus.
    expect(menu.map((m) => m.path).slice(0, 2)).toEqual(['/dashboard/analysis', '/donation']);
    expect(menu.map((m) => m.path)).not.toContain('/system');
    expect(auth.map((a) => a.action).filter((a) => a.startsWith('probe:'))).toEqual(['probe:disable']);
    expect(allAuth.map((a) => a.action)).toContain('probe:edit');
  });
});

describe('PermissionService.allows', () => {
  it('allows a held permission and refuses one not held', async () => {
    const admin = await userId(s.db, 'admin');
    const guest = await userId(s.db, 'guest');
    expect(await s.ctx.permissions.allows(admin, 'probe:edit')).toBe(true);
    expect(await s.ctx.permissions.allows(guest, 'probe:edit')).toBe(false);
    expect(await s.ctx.permissions.allows(guest, 'no:such:code')).toBe(false);
  });

  it("allows everyone an action whose rule has status '0' (not enforced)", async () => {
    const guest = await userId(s.db, 'guest');
    expect(await s.ctx.permissions.allows(guest, 'probe:open')).toBe(true);
    await s.db.updateTable('sys_permission').set({ status: '1' }).where('id', '=', ids.open).execute();
    expect(await s.ctx.permissions.allows(guest, 'probe:open')).toBe(false);
    await s.db.updateTable('sys_permission').set({ status: '0' }).where('id', '=', ids.open).execute();
  });

  it('demand() throws a 403 naming the missing permission', async () => {
    const guest = await userId(s.db, 'guest');
    await expect(s.ctx.permissions.demand(guest, 'probe:edit')).rejects.toMatchObject({ status: 403, message: '没有权限，请联系管理员授权【probe:edit】' });
  });
});
