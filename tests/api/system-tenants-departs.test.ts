import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuIdOf, reportMenuIdOf } from '../../server/engine/schema/menus.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * 租户管理, department permissions and department roles (issue #6): every effect in the database and
 * every refusal with its message.
 */

let s: TestServer;
let admin: string;
let zhangwei: string;
/** The tables of migration 011 are not in the typed DB interface. */
const raw = () => s.db as unknown as Kysely<any>;
const departId = async (code: string) => (await s.db.selectFrom('sys_depart').select('id').where('org_code', '=', code).executeTakeFirstOrThrow()).id;
const userId = async (username: string) => (await s.db.selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
const buttonId = async (perms: string) => (await s.db.selectFrom('sys_permission').select('id').where('perms', '=', perms).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  zhangwei = await s.loginAs('zhangwei', ADMIN_PASSWORD);
});
afterAll(() => s?.close());

describe('租户管理', () => {
  it('adds a tenant with the number the administrator chose; bad input is refused and writes nothing', async () => {
    const ok = await s.api.post('/system/tenant/add', { id: 2, name: '西部分站', beginDate: '2026-01-01', endDate: '2026-12-31', status: 1 }, admin);
    expect(ok.body).toMatchObject({ success: true, message: '添加成功！', result: { id: 2 } });
    expect(await s.db.selectFrom('sys_tenant').select(['name', 'status']).where('id', '=', 2).executeTakeFirst()).toEqual({ name: '西部分站', status: 1 });

    const cases: [unknown, string][] = [
      [{ id: 2, name: '重复', status: 1 }, '该租户编号已存在'],
      [{ id: 'x', name: '坏编号', status: 1 }, '租户编号必须是正整数'],
      [{ id: 3, name: '', status: 1 }, '租户名称不能为空'],
      [{ id: 3, name: '时间颠倒', beginDate: '2026-05-01', endDate: '2026-01-01', status: 1 }, '结束时间不能早于开始时间'],
      [{ id: 3, name: '状态', status: 7 }, '状态值不正确'],
      [{ id: 3, name: '多余', status: 1, drop: 1 }, '未知字段: drop'],
    ];
    for (const [body, message] of cases) {
      const r = await s.api.post('/system/tenant/add', body, admin);
      expect(r.status, message).toBe(400);
      expect(r.body.message).toBe(message);
    }
    expect(await s.db.selectFrom('sys_tenant').select('id').orderBy('id').execute()).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('lists and edits tenants through the generic screen; a user without the screen gets 403', async () => {
    const list = await s.api.get('/system/tenant/list?pageNo=1&pageSize=10', admin);
    expect(list.body.result.records.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['希望工程总部', '西部分站']));
    const edit = await s.api.put('/system/tenant/edit', { id: '2', name: '西部分站（改）', status: 0 }, admin);
    expect(edit.body.success).toBe(true);
    expect((await s.db.selectFrom('sys_tenant').select(['name', 'status']).where('id', '=', 2).executeTakeFirstOrThrow()).status).toBe(0);
    expect((await s.api.get('/system/tenant/list', zhangwei)).status).toBe(403);
    expect((await s.api.post('/system/tenant/add', { id: 5, name: 'x', status: 1 }, zhangwei)).status).toBe(403);
  });

  it('a tenant with users cannot be deleted', async () => {
    const r = await s.api.delete('/system/tenant/delete?id=1', admin);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('该租户下还有用户，请先移除用户再删除');
  });

  it("stamps the header's tenant on new rows, and a user of tenant A does not see tenant B's rows in a screen's list", async () => {
    // The admin belongs to both tenants; a second administrator only to tenant 1.
    await s.db
      .insertInto('sys_user_tenant')
      .values({ user_id: await userId('admin'), tenant_id: 2 })
      .execute();
    const adminRole = await s.db.selectFrom('sys_role').select('id').where('role_code', '=', 'admin').executeTakeFirstOrThrow();
    const added = await s.api.post(
      '/sys/user/add',
      { username: 'tenant_a', realname: '租户甲', password: 'Abcd@1234', selectedroles: adminRole.id, relTenantIds: '1' },
      admin,
    );
    expect(added.body.success).toBe(true);
    const tenantA = await s.loginAs('tenant_a', 'Abcd@1234');

    // A department role of tenant 2 belongs to a department of tenant 2: tenant 1's A01 is none of its business.
    const acrossTenants = await s.api.post(
      '/system/depart_role/add',
      { departId: await departId('A01'), roleName: '越界角色', roleCode: 'across_role' },
      admin,
      { tenant_id: '2' },
    );
    expect(acrossTenants.body).toMatchObject({ success: false, message: expect.stringContaining('不存在') });
    const departB = await s.api.post('/system/depart/add', { departName: '乙租户部门', orgCode: 'B01', orgCategory: '1', status: '1' }, admin, {
      tenant_id: '2',
    });
    expect(departB.body.success).toBe(true);
    const inB = await s.api.post('/system/depart_role/add', { departId: departB.body.result.id, roleName: '乙租户角色', roleCode: 'tenant_b_role' }, admin, {
      tenant_id: '2',
    });
    expect(inB.body.success).toBe(true);
    expect((await raw().selectFrom('sys_depart_role').select('tenant_id').where('role_code', '=', 'tenant_b_role').executeTakeFirstOrThrow()).tenant_id).toBe(
      2,
    );
    const inA = await s.api.post(
      '/system/depart_role/add',
      { departId: await departId('A01'), roleName: '甲租户角色', roleCode: 'tenant_a_role', tenantId: 2 },
      admin,
      { tenant_id: '1' },
    );
    expect(inA.body.success).toBe(true);
    // A tenantId in the body is ignored: the validated header decides.
    expect((await raw().selectFrom('sys_depart_role').select('tenant_id').where('role_code', '=', 'tenant_a_role').executeTakeFirstOrThrow()).tenant_id).toBe(
      1,
    );

    const codes = async (token: string, headers?: Record<string, string>) =>
      (await s.api.get('/system/depart_role/list?pageNo=1&pageSize=50', token, headers)).body.result.records
        .map((r: { roleCode: string }) => r.roleCode)
        .sort();
    expect(await codes(tenantA)).toEqual(['tenant_a_role']);
    expect(await codes(admin, { tenant_id: '1' })).toEqual(['tenant_a_role']);
    expect(await codes(admin, { tenant_id: '2' })).toEqual(['tenant_b_role']);
    expect((await s.api.get('/system/depart_role/list', tenantA, { tenant_id: '2' })).status).toBe(403);
    await raw().deleteFrom('sys_depart_role').execute();
    await raw().deleteFrom('sys_depart').where('org_code', '=', 'B01').execute();
  });
});

describe('department permissions and department roles', () => {
  let depart: string;
  let tenantMenu: string;
  let tenantAdd: string;
  let roleId: string;

  beforeAll(async () => {
    depart = await departId('A01A02');
    tenantMenu = menuIdOf('system/tenant');
    tenantAdd = await buttonId('system:tenant:add');
  });

  it('saves and reads a department’s permissions; unknown ids and bad formats change nothing; only holders of the edit button may save', async () => {
    const saved = await s.api.post('/sys/permission/saveDepartPermission', { departId: depart, permissionIds: `${tenantMenu},${tenantAdd}` }, admin);
    expect(saved.body).toMatchObject({ success: true, message: '保存成功！' });
    expect((await s.api.get(`/sys/permission/queryDepartPermission?departId=${depart}`, admin)).body.result.sort()).toEqual([tenantMenu, tenantAdd].sort());

    const bad: [unknown, string][] = [
      [{ departId: depart, permissionIds: `${tenantMenu},nosuchid` }, '所选菜单或按钮不存在'],
      [{ departId: depart, permissionIds: "x' or 1=1" }, '权限数据格式不正确'],
      [{ departId: 'nosuchdepart', permissionIds: tenantMenu }, '部门不存在'],
    ];
    for (const [body, message] of bad) {
      const r = await s.api.post('/sys/permission/saveDepartPermission', body, admin);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(message);
    }
    expect((await s.api.post('/sys/permission/saveDepartPermission', { departId: depart, permissionIds: '' }, zhangwei)).status).toBe(403);
    expect(await raw().selectFrom('sys_depart_permission').select('permission_id').where('depart_id', '=', depart).execute()).toHaveLength(2);
  });

  it('a department role chooses from its department’s set only: a key outside it is refused (not silently dropped)', async () => {
    const added = await s.api.post('/system/depart_role/add', { departId: depart, roleName: '租户查看', roleCode: 'tenant_viewer' }, admin);
    roleId = added.body.result.id;
    const tree = await s.api.get(`/sys/sysDepartPermission/queryTreeListForDeptRole?departId=${depart}`, admin);
    expect(tree.body.result.ids).toEqual(expect.arrayContaining([tenantMenu, tenantAdd]));
    expect(tree.body.result.ids).not.toContain(menuIdOf('system/user'));
    // 系统管理 is shown to hold 租户管理 but the department does not hold it: not checkable.
    expect(tree.body.result.treeList[0]).toMatchObject({ title: '系统管理', checkable: false });
    expect(tree.body.result.ids).not.toContain(tree.body.result.treeList[0].key);

    const outside = await s.api.post(
      '/sys/sysDepartPermission/saveDeptRolePermission',
      { roleId, permissionIds: `${tenantMenu},${menuIdOf('system/user')}` },
      admin,
    );
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe('所选权限超出了部门的权限范围');
    expect((await s.api.post('/sys/sysDepartPermission/saveDeptRolePermission', { roleId: 'nosuchrole', permissionIds: tenantMenu }, admin)).body.message).toBe(
      '部门角色不存在',
    );
    expect(await raw().selectFrom('sys_depart_role_permission').selectAll().execute()).toHaveLength(0);

    const inside = await s.api.post('/sys/sysDepartPermission/saveDeptRolePermission', { roleId, permissionIds: tenantMenu }, admin);
    expect(inside.body.success).toBe(true);
    expect((await s.api.get(`/sys/sysDepartPermission/queryDeptRolePermission?roleId=${roleId}`, admin)).body.result).toEqual([tenantMenu]);
  });

  it("a department role's permissions take effect for its users, capped by the department", async () => {
    const menuTitles = async () => JSON.stringify((await s.api.get('/sys/permission/getUserPermissionByToken', zhangwei)).body.result.menu);
    expect(await menuTitles()).not.toContain('租户管理');
    expect((await s.api.get('/system/tenant/list', zhangwei)).status).toBe(403);

    // Only a member of the department can be given its roles; only that department's roles.
    const lina = await s.api.post('/sys/sysDepartRole/deptRoleUserAdd', { departId: depart, userId: await userId('lina'), newRoleId: roleId }, admin);
    expect(lina.body.message).toBe('该用户不属于此部门');
    const foreign = await s.api.post(
      '/sys/sysDepartRole/deptRoleUserAdd',
      { departId: await departId('A01A03'), userId: await userId('lina'), newRoleId: roleId },
      admin,
    );
    expect(foreign.body.message).toBe('所选部门角色不存在或不属于此部门');

    const assigned = await s.api.post('/sys/sysDepartRole/deptRoleUserAdd', { departId: depart, userId: await userId('zhangwei'), newRoleId: roleId }, admin);
    expect(assigned.body.success).toBe(true);
    const listed = await s.api.get(`/sys/sysDepartRole/getDeptRoleList?departId=${depart}&userId=${await userId('zhangwei')}`, admin);
    expect(listed.body.result.checkedRoleIds).toEqual([roleId]);
    expect(await menuTitles()).toContain('租户管理');
    expect((await s.api.get('/system/tenant/list', zhangwei)).status).toBe(200);
    // The role holds the menu but not the add button: still refused.
    expect((await s.api.post('/system/tenant/add', { id: 9, name: 'x', status: 1 }, zhangwei)).status).toBe(403);

    // Narrowing the department trims its roles and takes the menu away.
    await s.api.post('/sys/permission/saveDepartPermission', { departId: depart, permissionIds: tenantAdd }, admin);
    expect(await raw().selectFrom('sys_depart_role_permission').selectAll().execute()).toHaveLength(0);
    expect(await menuTitles()).not.toContain('租户管理');
    expect((await s.api.get('/system/tenant/list', zhangwei)).status).toBe(403);
  });

  it('a user who leaves the department loses what its roles gave', async () => {
    await s.api.post('/sys/permission/saveDepartPermission', { departId: depart, permissionIds: `${tenantMenu},${tenantAdd}` }, admin);
    await s.api.post('/sys/sysDepartPermission/saveDeptRolePermission', { roleId, permissionIds: tenantMenu }, admin);
    expect((await s.api.get('/system/tenant/list', zhangwei)).status).toBe(200);
    await s.db
      .deleteFrom('sys_user_depart')
      .where('user_id', '=', await userId('zhangwei'))
      .execute();
    expect((await s.api.get('/system/tenant/list', zhangwei)).status).toBe(403);
  });
});

describe('department form', () => {
  it('reads and saves the department permissions with the record; bad keys refuse the whole save', async () => {
    const id = await departId('A01A04');
    const menu = menuIdOf('system/tenant');
    const saved = await s.api.put('/system/depart/edit', { id, departName: '财务部（权限）', permissions: menu }, admin);
    expect(saved.body).toMatchObject({ success: true, message: '编辑成功!' });
    const read = await s.api.get(`/system/depart/queryById?id=${id}`, admin);
    expect(read.body.result).toMatchObject({ departName: '财务部（权限）', permissions: menu });
    const bad = await s.api.put('/system/depart/edit', { id, departName: '不应保存', permissions: 'nosuchid' }, admin);
    expect(bad.body.message).toBe('所选菜单或按钮不存在');
    expect((await s.db.selectFrom('sys_depart').select('depart_name').where('id', '=', id).executeTakeFirstOrThrow()).depart_name).toBe('财务部（权限）');
    expect((await s.api.put('/system/depart/edit', { id, departName: 'x', permissions: '' }, zhangwei)).status).toBe(403);
  });
});

describe('department role form', () => {
  it('saves the role with its permissions; a key outside the department refuses the whole save', async () => {
    const depart = await departId('A01A04');
    const menu = menuIdOf('system/tenant');
    const added = await s.api.post('/system/depart_role/add', { departId: depart, roleName: '财务租户', roleCode: 'finance_tenant', permissions: menu }, admin);
    expect(added.body.success).toBe(true);
    const read = await s.api.get(`/system/depart_role/queryById?id=${added.body.result.id}`, admin);
    expect(read.body.result.permissions).toBe(menu);
    const refused = await s.api.post(
      '/system/depart_role/add',
      { departId: depart, roleName: '越权', roleCode: 'too_much', permissions: menuIdOf('system/user') },
      admin,
    );
    expect(refused.body.message).toBe('所选权限超出了部门的权限范围');
    expect(await raw().selectFrom('sys_depart_role').select('id').where('role_code', '=', 'too_much').execute()).toHaveLength(0);
  });
});

describe('user screen niceties', () => {
  it('shows 当前部门 by department name in the list and the record', async () => {
    const list = await s.api.get('/system/user/list?pageNo=1&pageSize=50&username=zhangwei', admin);
    const row = list.body.result.records.find((r: { username: string }) => r.username === 'zhangwei');
    expect(row.orgCode).toBe('A01A02');
    const name = (await s.db.selectFrom('sys_depart').select('depart_name').where('org_code', '=', 'A01A02').executeTakeFirstOrThrow()).depart_name;
    expect(row.orgCode_dictText).toBe(name);
    expect((await s.api.get(`/system/user/queryById?id=${row.id}`, admin)).body.result.orgCode_dictText).toBe(name);
  });

  it('the user form chooses tenants (relTenantIds), checked against sys_tenant', async () => {
    const added = await s.api.post('/system/user/add', { username: 'two_tenants', realname: '双租户', password: 'Abcd@1234', relTenantIds: ['1', '2'] }, admin);
    expect(added.body.success).toBe(true);
    const id = await userId('two_tenants');
    expect(
      (await s.db.selectFrom('sys_user_tenant').select('tenant_id').where('user_id', '=', id).orderBy('tenant_id').execute()).map((r) => r.tenant_id),
    ).toEqual([1, 2]);
    expect((await s.api.get(`/system/user/queryById?id=${id}`, admin)).body.result.relTenantIds).toEqual(['1', '2']);
    const bad = await s.api.post('/system/user/add', { username: 'no_tenant', realname: '无', password: 'Abcd@1234', relTenantIds: ['77'] }, admin);
    expect(bad.status).toBe(400);
    expect(await s.db.selectFrom('sys_user').select('id').where('username', '=', 'no_tenant').execute()).toHaveLength(0);
  });

  it('the user form gives department roles of the user’s own departments only; a foreign one refuses the whole save', async () => {
    const finance = await departId('A01A04');
    const role = await s.api.post('/system/depart_role/add', { departId: finance, roleName: '财务查看', roleCode: 'finance_viewer' }, admin);
    const wangfang = await userId('wangfang');
    const ok = await s.api.put('/system/user/edit', { id: wangfang, realname: '王芳', selectedDepartRoles: [role.body.result.id] }, admin);
    expect(ok.body.success).toBe(true);
    expect((await s.api.get(`/system/user/queryById?id=${wangfang}`, admin)).body.result.selectedDepartRoles).toEqual([role.body.result.id]);
    const lina = await userId('lina');
    const refused = await s.api.put('/system/user/edit', { id: lina, realname: '改名不应保存', selectedDepartRoles: [role.body.result.id] }, admin);
    expect(refused.body.message).toBe('所选部门角色不属于该用户的部门');
    expect((await s.db.selectFrom('sys_user').select('realname').where('id', '=', lina).executeTakeFirstOrThrow()).realname).toBe('李娜');
    expect((await s.api.put('/system/user/edit', { id: lina, realname: '李娜', selectedDepartRoles: ['nosuchrole'] }, admin)).body.message).toBe(
      '所选部门角色不存在',
    );
  });

  it('the username duplicate check answers with the spec message, and not for the record being edited', async () => {
    const taken = await s.api.get('/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=zhangwei', admin);
    expect(taken.body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    const own = await s.api.get(`/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=zhangwei&dataId=${await userId('zhangwei')}`, admin);
    expect(own.body.success).toBe(true);
  });
});

describe('declared reports and department roles', () => {
  it("a department role holding a report's menu opens the report, like an ordinary role would", async () => {
    const lina = await s.loginAs('lina', ADMIN_PASSWORD);
    const reportMenu = reportMenuIdOf('donation/record', 'summary');
    const url = '/donation/record/report/summary?begin=2026-01-01&end=2026-12-31';
    expect((await s.api.get(url, lina)).status).toBe(403);

    const linaDepart = await departId('A01A03');
    expect((await s.api.post('/sys/permission/saveDepartPermission', { departId: linaDepart, permissionIds: reportMenu }, admin)).body.success).toBe(true);
    const role = (await s.api.post('/system/depart_role/add', { departId: linaDepart, roleName: '报表查看', roleCode: 'report_viewer' }, admin)).body.result.id;
    expect((await s.api.post('/sys/sysDepartPermission/saveDeptRolePermission', { roleId: role, permissionIds: reportMenu }, admin)).body.success).toBe(true);
    expect(
      (await s.api.post('/sys/sysDepartRole/deptRoleUserAdd', { departId: linaDepart, userId: await userId('lina'), newRoleId: role }, admin)).body.success,
    ).toBe(true);
    expect((await s.api.get(url, lina)).status).toBe(200);
  });
});
