import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuIdOf } from '../../server/engine/schema/menus.ts';
import { roleId, userId } from './helpers/fixtures.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * Grants cannot escalate (issue 17 item 7): assigning roles needs 分配角色 (system:user:assignRole), and
 * nobody hands out a role or permission beyond what they hold — through the user form, the role's user
 * binding, saveRolePermission, a role's form, department permissions, department roles or data rules.
 * Every refusal is a 403 with its message and leaves the database as it was.
 */

let s: TestServer;
let admin: string;
const PASSWORD = 'Staff#2026a';
const raw = () => s.db as unknown as Kysely<any>;
const buttonId = async (perms: string) => (await s.db.selectFrom('sys_permission').select('id').where('perms', '=', perms).executeTakeFirstOrThrow()).id;
const departId = async (code: string) => (await s.db.selectFrom('sys_depart').select('id').where('org_code', '=', code).executeTakeFirstOrThrow()).id;
const rolesOf = async (user: string) =>
  (await s.db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', user).execute()).map((r) => r.role_id).sort();

async function addRole(code: string, keys: string[] = []): Promise<string> {
  const r = await s.api.post('/system/role/add', { roleName: code, roleCode: code, permissions: keys.join(',') }, admin);
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true });
  return r.body.result.id;
}

async function addUser(username: string, extra: Record<string, unknown> = {}): Promise<string> {
  const r = await s.api.post('/sys/user/add', { username, realname: username, password: PASSWORD, ...extra }, admin);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result.id;
}

function forbidden(r: { status: number; body: any }, message: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(403);
  expect(r.body).toMatchObject({ success: false, message });
}

const NO_ASSIGN = '没有权限，请联系管理员授权【system:user:assignRole】';

let userManager: string;
let userManagerRole: string;
let roleManager: string;
let roleManagerRole: string;

beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  const userButtons = await Promise.all(['system:user:add', 'system:user:edit'].map(buttonId));
  userManagerRole = await addRole('user_manager', [menuIdOf('system/user'), ...userButtons]);
  await addUser('umgr', { selectedroles: [userManagerRole] });
  userManager = await s.loginAs('umgr', PASSWORD);
  // Manages roles, departments and menus, and may see 用户管理 — but not 捐赠记录 or 系统日志.
  const manageButtons = await Promise.all(
    ['system:role:edit', 'system:role:add', 'system:depart:edit', 'system:depart_role:edit', 'system:permission:edit'].map(buttonId),
  );
  roleManagerRole = await addRole('role_manager', [
    menuIdOf('system/role'),
    menuIdOf('system/depart'),
    menuIdOf('system/depart_role'),
    menuIdOf('system/permission'),
    menuIdOf('system/user'),
    ...manageButtons,
  ]);
  await addUser('rmgr', { selectedroles: [roleManagerRole], selecteddeparts: [await departId('A01')] });
  roleManager = await s.loginAs('rmgr', PASSWORD);
});
afterAll(() => s?.close());

describe('assigning roles to users', () => {
  it('needs 分配角色: a user manager without it cannot give a new user any role, but may add one without', async () => {
    const adminRole = await roleId(s.db, 'admin');
    forbidden(
      await s.api.post('/sys/user/add', { username: 'climber', realname: '攀升', password: PASSWORD, selectedroles: [adminRole] }, userManager),
      NO_ASSIGN,
    );
    expect(await s.db.selectFrom('sys_user').select('id').where('username', '=', 'climber').executeTakeFirst()).toBeUndefined();
    const plain = await s.api.post('/sys/user/add', { username: 'plain', realname: '普通', password: PASSWORD }, userManager);
    expect(plain.body, JSON.stringify(plain.body)).toMatchObject({ success: true });
    forbidden(await s.api.put('/sys/user/edit', { id: plain.body.result.id, selectedroles: [userManagerRole] }, userManager), NO_ASSIGN);
    expect(await rolesOf(plain.body.result.id)).toEqual([]);
    // Sending the roles the user already has is no assignment.
    const same = await s.api.put('/sys/user/edit', { id: plain.body.result.id, realname: '普通用户', selectedroles: [] }, userManager);
    expect(same.body, JSON.stringify(same.body)).toMatchObject({ success: true });
  });

  it('with 分配角色, hands out only roles whose permissions the assigner holds', async () => {
    const keys = await raw().selectFrom('sys_role_permission').select('permission_id').where('role_id', '=', userManagerRole).execute();
    const assign = await buttonId('system:user:assignRole');
    expect(
      (
        await s.api.post(
          '/sys/permission/saveRolePermission',
          { roleId: userManagerRole, permissionIds: [...keys.map((k) => k.permission_id), assign].join(',') },
          admin,
        )
      ).body.success,
    ).toBe(true);
    const target = await addUser('target');
    forbidden(
      await s.api.put('/sys/user/edit', { id: target, selectedroles: [await roleId(s.db, 'admin')] }, userManager),
      '不能分配超出自己权限的角色：管理员',
    );
    forbidden(
      await s.api.post('/sys/user/add', { username: 'climber2', realname: 'x', password: PASSWORD, selectedroles: [roleManagerRole] }, userManager),
      '不能分配超出自己权限的角色：role_manager',
    );
    expect(await rolesOf(target)).toEqual([]);
    const fine = await s.api.put('/sys/user/edit', { id: target, selectedroles: [userManagerRole] }, userManager);
    expect(fine.body, JSON.stringify(fine.body)).toMatchObject({ success: true });
    expect(await rolesOf(target)).toEqual([userManagerRole]);
  });

  it('the role screen’s user binding follows the same rules', async () => {
    const target = await addUser('bound');
    const adminRole = await roleId(s.db, 'admin');
    forbidden(await s.api.post('/sys/user/addSysUserRole', { roleId: adminRole, userIdList: [target] }, roleManager), NO_ASSIGN);
    forbidden(await s.api.post('/sys/user/addSysUserRole', { roleId: adminRole, userIdList: [target] }, userManager), '不能分配超出自己权限的角色：管理员');
    expect(await rolesOf(target)).toEqual([]);
    const added = await s.api.post('/sys/user/addSysUserRole', { roleId: userManagerRole, userIdList: [target] }, userManager);
    expect(added.body, JSON.stringify(added.body)).toMatchObject({ success: true });
    expect(await rolesOf(target)).toEqual([userManagerRole]);
    forbidden(await s.api.delete(`/sys/user/deleteUserRole?roleId=${userManagerRole}&userId=${target}`, roleManager), NO_ASSIGN);
    expect(await rolesOf(target)).toEqual([userManagerRole]);
  });

  it('department roles: deptRoleUserAdd needs 分配角色', async () => {
    const depart = await departId('A01');
    const role = await s.api.post('/system/depart_role/add', { departId: depart, roleName: '部门甲', roleCode: 'dept_a_esc' }, admin);
    expect(role.body.success).toBe(true);
    forbidden(
      await s.api.post(
        '/sys/sysDepartRole/deptRoleUserAdd',
        { departId: depart, userId: await userId(s.db, 'rmgr'), newRoleId: role.body.result.id },
        roleManager,
      ),
      NO_ASSIGN,
    );
    expect(await raw().selectFrom('sys_depart_role_user').select('id').where('drole_id', '=', role.body.result.id).execute()).toEqual([]);
  });
});

describe('handing out permissions', () => {
  it('saveRolePermission and the role form refuse a permission the saver does not hold; what the role had stays allowed', async () => {
    const viewer = await addRole('esc_viewer', [menuIdOf('donation/record')]);
    const keys = [menuIdOf('donation/record')];
    // The role keeps 捐赠记录 (which the role manager lacks) and gains 角色管理 (which they hold): allowed.
    const kept = await s.api.post(
      '/sys/permission/saveRolePermission',
      { roleId: viewer, permissionIds: [...keys, menuIdOf('system/role')].join(',') },
      roleManager,
    );
    expect(kept.body, JSON.stringify(kept.body)).toMatchObject({ success: true });
    forbidden(
      await s.api.post('/sys/permission/saveRolePermission', { roleId: viewer, permissionIds: [...keys, menuIdOf('system/log')].join(',') }, roleManager),
      '不能授予自己没有的权限：系统日志',
    );
    forbidden(
      await s.api.put('/system/role/edit', { id: viewer, roleName: 'esc_viewer', permissions: [...keys, menuIdOf('system/log')].join(',') }, roleManager),
      '不能授予自己没有的权限：系统日志',
    );
    forbidden(
      await s.api.post('/system/role/add', { roleName: 'esc2', roleCode: 'esc2', permissions: menuIdOf('donation/record') }, roleManager),
      '不能授予自己没有的权限：捐赠记录',
    );
    const stored = (await raw().selectFrom('sys_role_permission').select('permission_id').where('role_id', '=', viewer).execute())
      .map((r) => r.permission_id)
      .sort();
    expect(stored).toEqual([menuIdOf('donation/record'), menuIdOf('system/role')].sort());
    expect(await s.db.selectFrom('sys_role').select('id').where('role_code', '=', 'esc2').executeTakeFirst()).toBeUndefined();
  });

  it('department permissions and department role permissions refuse what the saver does not hold', async () => {
    const depart = await departId('A01A02');
    forbidden(
      await s.api.post('/sys/permission/saveDepartPermission', { departId: depart, permissionIds: menuIdOf('system/log') }, roleManager),
      '不能授予自己没有的权限：系统日志',
    );
    forbidden(await s.api.put('/system/depart/edit', { id: depart, permissions: menuIdOf('system/log') }, roleManager), '不能授予自己没有的权限：系统日志');
    expect(
      await raw()
        .selectFrom('sys_depart_permission')
        .select('id')
        .where('depart_id', '=', depart)
        .where('permission_id', '=', menuIdOf('system/log'))
        .execute(),
    ).toEqual([]);
    // The department is given 系统日志 by the admin; its role still cannot get it from the role manager.
    expect((await s.api.post('/sys/permission/saveDepartPermission', { departId: depart, permissionIds: menuIdOf('system/log') }, admin)).body.success).toBe(
      true,
    );
    const role = await s.api.post('/system/depart_role/add', { departId: depart, roleName: '部门乙', roleCode: 'dept_b_esc' }, admin);
    forbidden(
      await s.api.post('/sys/sysDepartPermission/saveDeptRolePermission', { roleId: role.body.result.id, permissionIds: menuIdOf('system/log') }, roleManager),
      '不能授予自己没有的权限：系统日志',
    );
  });

  it('data rules are written only by someone holding the menu entry they limit', async () => {
    const rule = { permissionId: menuIdOf('donation/record'), ruleName: '本人', ruleColumn: 'create_by', ruleConditions: '=', ruleValue: '#{sys_user_code}' };
    forbidden(await s.api.post('/sys/permission/addPermissionRule', rule, roleManager), '不能授予自己没有的权限：捐赠记录');
    const added = await s.api.post('/sys/permission/addPermissionRule', rule, admin);
    expect(added.body.success).toBe(true);
    forbidden(
      await s.api.put('/sys/permission/editPermissionRule', { ...rule, id: added.body.result.id, ruleValue: 'x' }, roleManager),
      '不能授予自己没有的权限：捐赠记录',
    );
    forbidden(await s.api.delete(`/sys/permission/deletePermissionRule?id=${added.body.result.id}`, roleManager), '不能授予自己没有的权限：捐赠记录');
    const stored = await raw().selectFrom('sys_permission_data_rule').select('rule_value').where('id', '=', added.body.result.id).executeTakeFirst();
    expect(stored).toEqual({ rule_value: '#{sys_user_code}' });
  });
});
