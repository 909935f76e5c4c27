import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/auth/password.ts';
import { nowText } from '../../server/lib/time.ts';
import { menuIdOf, reportMenuIdOf } from '../../server/engine/schema/menus.ts';
import { roleId, userId } from './helpers/fixtures.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * System management (issue #6): users, roles and their permission tree, data rules enforced by the
 * generic reader, tenants. Every effect is checked in the database or through another user's eyes.
 */

let s: TestServer;
let admin: string;
const PASSWORD = 'Staff#2026a';

beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
});
afterAll(() => s?.close());

const departId = async (code: string) => (await s.db.selectFrom('sys_depart').select('id').where('org_code', '=', code).executeTakeFirstOrThrow()).id;
const buttonId = async (perms: string) => (await s.db.selectFrom('sys_permission').select('id').where('perms', '=', perms).executeTakeFirstOrThrow()).id;
const areaId = async (url: string) =>
  (await s.db.selectFrom('sys_permission').select('id').where('url', '=', url).where('menu_type', '=', 0).executeTakeFirstOrThrow()).id;

async function addRole(code: string, keys: string[] = []): Promise<string> {
  const r = await s.api.post('/system/role/add', { roleName: code, roleCode: code, permissions: keys.join(',') }, admin);
  expect(r.body.message).toBe('添加成功！');
  return r.body.result.id;
}

async function addUser(username: string, extra: Record<string, unknown> = {}): Promise<string> {
  const r = await s.api.post('/sys/user/add', { username, realname: username, password: PASSWORD, ...extra }, admin);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result.id;
}

describe('users', () => {
  it('adds a user with a hashed password, roles and departments; the password is never read back', async () => {
    const role = await roleId(s.db, 'fundraiser');
    const id = await addUser('zhaoliu', { selectedroles: [role], selecteddeparts: [await departId('A01A02')], sex: 1, avatar: 'avatar/20261122/zhaoliu.png' });
    const stored = await s.db.selectFrom('sys_user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.password).not.toContain(PASSWORD);
    expect(await verifyPassword(PASSWORD, stored.password)).toBe(true);
    expect(stored.org_code).toBe('A01A02');
    expect(stored.avatar).toBe('avatar/20261122/zhaoliu.png');
    const roles = await s.db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', id).execute();
    expect(roles.map((r) => r.role_id)).toEqual([role]);

    const read = await s.api.get(`/sys/user/queryById?id=${id}`, admin);
    expect(read.body.result).toMatchObject({ username: 'zhaoliu', selectedroles: [role], selecteddeparts: [await departId('A01A02')] });
    expect(read.body.result).not.toHaveProperty('password');
    const list = await s.api.get('/system/user/list?username=zhaoliu', admin);
    expect(list.body.result.records).toHaveLength(1);
    expect(list.body.result.records[0]).not.toHaveProperty('password');
    expect(await s.loginAs('zhaoliu', PASSWORD)).toBeTruthy();
  });

  it('checkOnlyUser tells a taken username from a free one', async () => {
    const taken = await s.api.get('/sys/user/checkOnlyUser?username=admin', admin);
    expect(taken.body).toMatchObject({ success: false, message: '用户账号已存在' });
    const free = await s.api.get('/sys/user/checkOnlyUser?username=nobody_yet', admin);
    expect(free.body).toMatchObject({ success: true, message: '该值可用！' });
    const self = await s.api.get(`/sys/user/checkOnlyUser?username=admin&id=${await userId(s.db, 'admin')}`, admin);
    expect(self.body.success).toBe(true);
  });

  it.each([
    ['a duplicate username', { username: 'admin', realname: 'x', password: PASSWORD }, '用户账号'],
    ['a weak password', { username: 'weakpw', realname: 'x', password: '12345678' }, '密码由8位数字、大小写字母和特殊符号组成!'],
    ['no password', { username: 'nopw', realname: 'x' }, '请输入密码!'],
    ['a role that does not exist', { username: 'badrole', realname: 'x', password: PASSWORD, selectedroles: ['nope'] }, '所选角色不存在'],
    ['an unknown field', { username: 'badfield', realname: 'x', password: PASSWORD, salary: 1 }, '未知字段: salary'],
  ])('refuses %s and writes nothing', async (_label, body, message) => {
    const before = await s.db.selectFrom('sys_user').select('id').execute();
    const r = await s.api.post('/sys/user/add', body, admin);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain(message);
    expect(await s.db.selectFrom('sys_user').select('id').execute()).toHaveLength(before.length);
  });

  it('refuses deleting yourself', async () => {
    const r = await s.api.delete(`/sys/user/delete?id=${await userId(s.db, 'admin')}`, admin);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('不能删除当前登录用户');
  });

  it('refuses deleting, freezing or demoting the last admin; refuses granting yourself roles without the permission', async () => {
    const userAdminButtons = await Promise.all(['system:user:delete', 'system:user:edit', 'system:user:batchDelete'].map(buttonId));
    await addRole('user_keeper', [menuIdOf('system/user'), ...userAdminButtons]);
    const keeperId = await addUser('keeper', { selectedroles: [await roleId(s.db, 'user_keeper')] });
    const keeper = await s.loginAs('keeper', PASSWORD);
    const adminId = await userId(s.db, 'admin');

    const del = await s.api.delete(`/sys/user/delete?id=${adminId}`, keeper);
    expect(del.body.message).toBe('不能删除最后一个管理员');
    const frozen = await s.api.put('/sys/user/frozenBatch', { ids: adminId, status: 2 }, keeper);
    expect(frozen.body.message).toBe('不能冻结最后一个管理员');
    const demote = await s.api.put('/sys/user/edit', { id: adminId, selectedroles: [] }, admin);
    expect(demote.body.message).toBe('不能移除最后一个管理员的管理员角色');
    expect(await s.db.selectFrom('sys_user').select('status').where('id', '=', adminId).executeTakeFirstOrThrow()).toEqual({ status: 1 });

    const selfGrant = await s.api.put(
      '/sys/user/edit',
      { id: keeperId, selectedroles: [await roleId(s.db, 'user_keeper'), await roleId(s.db, 'admin')] },
      keeper,
    );
    expect(selfGrant.status).toBe(403);
    expect(selfGrant.body.message).toBe('没有权限给自己授予角色');
    const held = await s.db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', keeperId).execute();
    expect(held.map((h) => h.role_id)).toEqual([await roleId(s.db, 'user_keeper')]);
  });

  it('freezing refuses the frozen user’s open session at once and their sign-in; unfreezing restores both', async () => {
    const id = await addUser('frosty');
    const token = await s.loginAs('frosty', PASSWORD);
    expect((await s.api.get('/sys/permission/getUserPermissionByToken', token)).status).toBe(200);

    const r = await s.api.put('/sys/user/frozenBatch', { ids: id, status: 2 }, admin);
    expect(r.body.message).toBe('冻结成功!');
    const refused = await s.api.get('/sys/permission/getUserPermissionByToken', token);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('该用户已冻结');
    expect((await s.api.post('/sys/login', { username: 'frosty', password: PASSWORD })).body.success).toBe(false);

    await s.api.put('/sys/user/frozenBatch', { ids: id, status: 1 }, admin);
    expect((await s.api.get('/sys/permission/getUserPermissionByToken', token)).status).toBe(200);
    expect((await s.api.put('/sys/user/frozenBatch', { ids: id, status: 9 }, admin)).body.message).toBe('状态值不正确');
  });

  it('an administrator resets a password: the new one signs in, a weak one is refused', async () => {
    await addUser('forgetful');
    expect((await s.api.put('/sys/user/changePassword', { username: 'forgetful', password: '123' }, admin)).body.message).toBe(
      '密码由8位数字、大小写字母和特殊符号组成!',
    );
    const r = await s.api.put('/sys/user/changePassword', { username: 'forgetful', password: 'Fresh#2026b', confirmpassword: 'Fresh#2026b' }, admin);
    expect(r.body.message).toBe('密码修改成功!');
    expect(await s.loginAs('forgetful', 'Fresh#2026b')).toBeTruthy();
  });

  it('a user without the user screen gets 403 from every user call', async () => {
    await addUser('plain');
    const plain = await s.loginAs('plain', PASSWORD);
    expect((await s.api.get('/sys/user/list', plain)).status).toBe(403);
    expect((await s.api.post('/sys/user/add', { username: 'x1', realname: 'x', password: PASSWORD }, plain)).status).toBe(403);
    expect((await s.api.put('/sys/user/frozenBatch', { ids: await userId(s.db, 'admin'), status: 2 }, plain)).status).toBe(403);
  });
});

describe('roles and their permissions', () => {
  it('saveRolePermission applies to the server’s checks at once and to the menu at the next getUserPermissionByToken', async () => {
    const role = await addRole('activity_viewer', [await areaId('/donation'), menuIdOf('donation/activity')]);
    await addUser('viewer', { selectedroles: [role] });
    const viewer = await s.loginAs('viewer', PASSWORD);
    const menu = (await s.api.get('/sys/permission/getUserPermissionByToken', viewer)).body.result;
    expect(menu.menu.map((m: { meta: { title: string } }) => m.meta.title)).toContain('捐赠管理');
    expect(menu.auth).toEqual([]);
    expect((await s.api.get('/donation/activity/list', viewer)).status).toBe(200);
    const refused = await s.api.post('/donation/activity/add', { activityName: '新活动', category: '1' }, viewer);
    expect(refused.status).toBe(403);

    const keys = [await areaId('/donation'), menuIdOf('donation/activity'), await buttonId('donation:activity:add')];
    const saved = await s.api.post('/sys/permission/saveRolePermission', { roleId: role, permissionIds: keys.join(',') }, admin);
    expect(saved.body.success).toBe(true);
    expect((await s.api.post('/donation/activity/add', { activityName: '新活动', category: '1' }, viewer)).status).toBe(200);
    const after = (await s.api.get('/sys/permission/getUserPermissionByToken', viewer)).body.result;
    expect(after.auth.map((a: { action: string }) => a.action)).toEqual(['donation:activity:add']);
    expect((await s.api.get(`/sys/permission/queryRolePermission?roleId=${role}`, admin)).body.result.sort()).toEqual(keys.sort());
  });

  it('refuses unknown permission ids and a data rule without its menu, changing nothing', async () => {
    const role = await addRole('strict_role', [menuIdOf('donation/activity')]);
    const bad = await s.api.post('/sys/permission/saveRolePermission', { roleId: role, permissionIds: 'no_such_id' }, admin);
    expect(bad.body.message).toBe('所选菜单或按钮不存在');
    expect((await s.api.get(`/sys/permission/queryRolePermission?roleId=${role}`, admin)).body.result).toEqual([menuIdOf('donation/activity')]);
  });

  it('the tree lists menus, buttons and data rules; the admin role cannot be deleted', async () => {
    const tree = (await s.api.get('/sys/permission/queryTreeList', admin)).body.result;
    expect(tree.ids).toContain(menuIdOf('system/user'));
    const del = await s.api.delete(`/sys/role/delete?id=${await roleId(s.db, 'admin')}`, admin);
    expect(del.body.message).toBe('不能删除管理员角色');
    const adminRole = await roleId(s.db, 'admin');
    const before = (await s.api.get(`/sys/permission/queryRolePermission?roleId=${adminRole}`, admin)).body.result;
    const stripped = await s.api.post(
      '/sys/permission/saveRolePermission',
      { roleId: adminRole, permissionIds: before.filter((k: string) => k !== menuIdOf('system/role')).join(',') },
      admin,
    );
    expect(stripped.body.message).toBe('管理员角色必须保留角色管理及其编辑权限');
    expect((await s.api.get(`/sys/permission/queryRolePermission?roleId=${adminRole}`, admin)).body.result).toHaveLength(before.length);
  });
});

describe('data rules', () => {
  let ruleId: string;
  const activityMenu = () => menuIdOf('donation/activity');

  it('adds a rule whose column belongs to the screen and whose variables are known; refuses others', async () => {
    const base = { permissionId: activityMenu(), ruleName: '本部门', ruleConditions: '=', ruleValue: '#{sys_org_code}' };
    expect((await s.api.post('/sys/permission/addPermissionRule', { ...base, ruleColumn: 'salary' }, admin)).body.message).toBe(
      '规则字段【salary】不是【捐赠活动】的字段',
    );
    // 捐赠报表's figures are 捐赠记录's rows: a rule on the report's own menu would never be applied.
    const onReport = await s.api.post(
      '/sys/permission/addPermissionRule',
      { ...base, permissionId: reportMenuIdOf('donation/record', 'summary'), ruleColumn: 'sys_org_code' },
      admin,
    );
    expect(onReport.body.message).toBe('该菜单没有对应的数据列表，数据规则不会生效，请加在数据所在的菜单上');
    expect((await s.api.post('/sys/permission/addPermissionRule', { ...base, ruleColumn: 'sys_org_code; drop table x' }, admin)).body.message).toBe(
      '规则字段格式不正确',
    );
    expect((await s.api.post('/sys/permission/addPermissionRule', { ...base, ruleColumn: 'sys_org_code', ruleValue: '#{password}' }, admin)).body.message).toBe(
      '未知的系统变量: #{password}',
    );
    expect((await s.api.post('/sys/permission/addPermissionRule', { ...base, ruleColumn: 'sys_org_code', ruleConditions: 'SQL' }, admin)).body.message).toBe(
      '不支持的规则条件: SQL',
    );
    const r = await s.api.post('/sys/permission/addPermissionRule', { ...base, ruleColumn: 'sysOrgCode' }, admin);
    expect(r.body.success).toBe(true);
    ruleId = r.body.result.id;
    const list = await s.api.get(`/sys/permission/getPermRuleListByPermId?permissionId=${activityMenu()}`, admin);
    expect(list.body.result).toEqual([expect.objectContaining({ id: ruleId, ruleName: '本部门', ruleColumn: 'sysOrgCode', status: '1' })]);
    expect((await s.api.get(`/sys/permission/queryPermissionRule?permissionId=${activityMenu()}&ruleName=部门`, admin)).body.result).toHaveLength(1);
  });

  it('limits a role’s holders to their department’s rows in list, queryById, edit and delete', async () => {
    const buttons = await Promise.all(['donation:activity:add', 'donation:activity:edit', 'donation:activity:delete'].map(buttonId));
    const role = await addRole('dept_fundraiser', [await areaId('/donation'), activityMenu(), ...buttons, `rule:${ruleId}`]);
    await addUser('deptuser', { selectedroles: [role], selecteddeparts: [await departId('A01A03')] });
    const user = await s.loginAs('deptuser', PASSWORD);

    const theirs = await s.api.post('/donation/activity/add', { activityName: '部门活动', category: '1' }, user);
    const others = await s.api.post('/donation/activity/add', { activityName: '总部活动', category: '1' }, admin);
    const names = (await s.api.get('/donation/activity/list?pageSize=100', user)).body.result.records.map((r: { activityName: string }) => r.activityName);
    expect(names).toEqual(['部门活动']);
    const adminNames = (await s.api.get('/donation/activity/list?pageSize=100', admin)).body.result.records.map(
      (r: { activityName: string }) => r.activityName,
    );
    expect(adminNames).toEqual(expect.arrayContaining(['部门活动', '总部活动']));
    // The online report over activities declares 捐赠活动 its scope: the same rule limits its rows.
    const report = (await s.api.get('/online/cgreport/api/getRpColumns/report_donation_activity', admin)).body.result.cgRpConfigId;
    const reported = async (token: string) =>
      (await s.api.get(`/online/cgreport/api/getData/${report}?pageSize=200&exclude_status=none`, token)).body.result.records.map(
        (r: { activity_name: string }) => r.activity_name,
      );
    expect(await reported(user)).toEqual(['部门活动']);
    expect(await reported(admin)).toEqual(expect.arrayContaining(['部门活动', '总部活动']));

    expect((await s.api.get(`/donation/activity/queryById?id=${others.body.result.id}`, user)).status).toBe(404);
    expect((await s.api.put('/donation/activity/edit', { id: others.body.result.id, activityName: '改名' }, user)).status).toBe(404);
    expect((await s.api.delete(`/donation/activity/delete?id=${others.body.result.id}`, user)).status).toBe(404);
    expect((await s.api.get(`/donation/activity/queryById?id=${theirs.body.result.id}`, user)).status).toBe(200);

    // Disabling the rule lifts the limit at once.
    const edit = await s.api.put(
      '/sys/permission/editPermissionRule',
      { id: ruleId, ruleName: '本部门', ruleColumn: 'sys_org_code', ruleConditions: '=', ruleValue: '#{sys_org_code}', status: '0' },
      admin,
    );
    expect(edit.body.success).toBe(true);
    expect((await s.api.get('/donation/activity/list?pageSize=100', user)).body.result.records.length).toBeGreaterThanOrEqual(2);
    await s.api.put(
      '/sys/permission/editPermissionRule',
      { id: ruleId, ruleName: '本部门', ruleColumn: 'sys_org_code', ruleConditions: '=', ruleValue: '#{sys_org_code}', status: '1' },
      admin,
    );
    expect((await s.api.get('/donation/activity/list?pageSize=100', user)).body.result.records).toHaveLength(1);
  });

  it('a rule that cannot be applied matches nothing (fails closed)', async () => {
    await s.db
      .updateTable('sys_permission_data_rule' as never)
      .set({ rule_column: 'no_such_column' } as never)
      .where('id' as never, '=', ruleId as never)
      .execute();
    const user = await s.loginAs('deptuser', PASSWORD);
    expect((await s.api.get('/donation/activity/list', user)).body.result.records).toEqual([]);
    const report = (await s.api.get('/online/cgreport/api/getRpColumns/report_donation_activity', admin)).body.result.cgRpConfigId;
    expect((await s.api.get(`/online/cgreport/api/getData/${report}?exclude_status=none`, user)).body.result.records).toEqual([]);
    const del = await s.api.delete(`/sys/permission/deletePermissionRule?id=${ruleId}`, admin);
    expect(del.body.success).toBe(true);
    const grant = await s.db
      .selectFrom('sys_role_permission')
      .select('data_rule_ids')
      .where('role_id', '=', await roleId(s.db, 'dept_fundraiser'))
      .where('permission_id', '=', activityMenu())
      .executeTakeFirstOrThrow();
    expect(grant.data_rule_ids).toBeNull();
  });
});

describe('tenants', () => {
  it('rows of one tenant are invisible to users of another', async () => {
    await s.db.insertInto('sys_tenant').values({ id: 2, name: '分会', status: 1, create_time: nowText() }).execute();
    const role = await roleId(s.db, 'fundraiser');
    await addUser('tenant2user', { selectedroles: [role], relTenantIds: '2' });
    const other = await s.loginAs('tenant2user', PASSWORD);

    const mine = await s.api.post('/donation/activity/add', { activityName: '分会活动', category: '1' }, other, { tenant_id: '2' });
    expect(mine.status).toBe(200);
    const hq = await s.api.post('/donation/activity/add', { activityName: '总部专属活动', category: '1' }, admin, { tenant_id: '1' });
    expect(hq.status).toBe(200);

    const seenByOther = (await s.api.get('/donation/activity/list?pageSize=100', other)).body.result.records.map(
      (r: { activityName: string }) => r.activityName,
    );
    expect(seenByOther).toContain('分会活动');
    expect(seenByOther).not.toContain('总部专属活动');
    const seenByAdmin = (await s.api.get('/donation/activity/list?pageSize=100', admin)).body.result.records.map(
      (r: { activityName: string }) => r.activityName,
    );
    expect(seenByAdmin).toContain('总部专属活动');
    expect(seenByAdmin).not.toContain('分会活动');
    expect((await s.api.get(`/donation/activity/queryById?id=${hq.body.result.id}`, other)).status).toBe(404);
  });
});

describe('menu tree', () => {
  it('adds a menu, a hidden kept-alive sub-menu, an external entry and a button; a role holding them gets them in its menu', async () => {
    const add = async (record: Record<string, unknown>) => {
      const r = await s.api.post('/system/permission/add', record, admin);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.result.id as string;
    };
    const top = await add({ menuType: 0, name: '帮助中心', url: '/helpdesk', component: 'layouts/RouteView', sortNo: 99, alwaysShow: true });
    const sub = await add({
      menuType: 1,
      name: '常见问题',
      parentId: top,
      url: '/helpdesk/faq',
      component: 'dashboard/Analysis',
      hidden: true,
      keepAlive: true,
    });
    const site = await add({
      menuType: 1,
      name: '官网',
      parentId: top,
      url: 'https://www.cydf.org.cn',
      component: 'layouts/IframePageView',
      internalOrExternal: true,
    });
    const button = await add({ menuType: 2, name: '回复', parentId: sub, perms: 'helpdesk:faq:reply', status: '1' });
    expect((await s.api.post('/system/permission/add', { menuType: 2, name: '坏按钮', perms: 'a b' }, admin)).body.message).toContain('授权标识形如');

    const role = await addRole('helpdesk', [top, sub, site, button]);
    await addUser('helper', { selectedroles: [role] });
    const helper = await s.loginAs('helper', PASSWORD);
    const { menu, auth } = (await s.api.get('/sys/permission/getUserPermissionByToken', helper)).body.result;
    expect(menu).toHaveLength(1);
    expect(menu[0]).toMatchObject({ path: '/helpdesk', alwaysShow: true, meta: { title: '帮助中心' } });
    const [faq, external] = menu[0].children;
    expect(faq).toMatchObject({ path: '/helpdesk/faq', hidden: true, meta: { keepAlive: true } });
    expect(external.meta).toMatchObject({ url: 'https://www.cydf.org.cn', internalOrExternal: true });
    expect(auth.map((a: { action: string }) => a.action)).toEqual(['helpdesk:faq:reply']);

    // The tree JeecgBoot's menu screen reads.
    const tree = (await s.api.get('/sys/permission/list', admin)).body.result;
    expect(tree.find((n: { meta: { title: string } }) => n.meta.title === '帮助中心').children).toHaveLength(2);
  });

  it('data rules written through the menu form’s sub-table keep to the known variables', async () => {
    const menu = menuIdOf('donation/team');
    const r = await s.api.put(
      '/system/permission/edit',
      { id: menu, dataRules: [{ ruleName: '坏规则', ruleColumn: 'sys_org_code', ruleConditions: '=', ruleValue: '#{db_password}', status: '1' }] },
      admin,
    );
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('规则值只能引用系统变量');
    const ok = await s.api.put(
      '/system/permission/edit',
      { id: menu, dataRules: [{ ruleName: '本人创建', ruleColumn: 'create_by', ruleConditions: '=', ruleValue: '#{sys_user_code}', status: '1' }] },
      admin,
    );
    expect(ok.body.success).toBe(true);
    const rules = (await s.api.get(`/sys/permission/getPermRuleListByPermId?permissionId=${menu}`, admin)).body.result;
    expect(rules).toEqual([expect.objectContaining({ ruleName: '本人创建', ruleColumn: 'create_by', ruleValue: '#{sys_user_code}' })]);
  });
});

describe('JeecgBoot menu and role lookups', () => {
  it('getSystemMenuList, getSystemSubmenu(Batch), queryall and queryTreeList answer the admin and refuse a stranger', async () => {
    const tops = (await s.api.get('/sys/permission/getSystemMenuList', admin)).body.result;
    const system = tops.find((m: { meta: { title: string }; path: string }) => m.path === '/system');
    expect(system).toBeTruthy();
    const subs = (await s.api.get(`/sys/permission/getSystemSubmenu?parentId=${system.id}`, admin)).body.result.map(
      (m: { meta: { title: string } }) => m.meta.title,
    );
    expect(subs).toEqual(expect.arrayContaining(['用户管理', '角色管理', '菜单管理', '职务管理']));
    const batch = (await s.api.get(`/sys/permission/getSystemSubmenuBatch?parentIds=${system.id}`, admin)).body.result;
    expect(batch[system.id]).toHaveLength(subs.length);
    const roles = (await s.api.get('/sys/role/queryall', admin)).body.result;
    expect(roles.map((r: { roleCode: string }) => r.roleCode)).toContain('admin');
    expect((await s.api.get('/sys/role/queryTreeList', admin)).body.result.length).toBe(roles.length);
    await addUser('stranger');
    const stranger = await s.loginAs('stranger', PASSWORD);
    expect((await s.api.get('/sys/permission/getSystemMenuList', stranger)).status).toBe(403);
    expect((await s.api.get('/sys/role/queryall', stranger)).status).toBe(403);
  });
});
