import type { Kysely } from 'kysely';
import { badRequest } from '../http/envelope.ts';
import { newId } from '../lib/ids.ts';
import { checkKeys, grantRows, keysOfGrants, parseKeys, permissionTree, RULE_KEY, type TreeNode } from './role-permissions.ts';

/*
 * Department permissions and department roles (JeecgBoot's 部门权限 / 部门角色). A department holds a set
 * of menu entries, buttons and data rules; its roles hand out subsets of that set to the department's
 * users. The department's set is a ceiling: saving a role with a key outside it is refused, and narrowing
 * the department drops the keys its roles held beyond the new set. permissions.ts grantsOf() applies the
 * ceiling again when permissions are read, so a stale row never grants anything.
 */

const ID = /^[A-Za-z0-9_-]{1,32}$/;

export async function departKeys(db: Kysely<any>, departId: string): Promise<string[]> {
  return keysOfGrants(
    await db
      .selectFrom('sys_depart_permission')
      .select(['permission_id', 'data_rule_ids'])
      .where('depart_id', '=', departId)
      .orderBy('permission_id')
      .execute(),
  );
}

export async function departRoleKeys(db: Kysely<any>, roleId: string): Promise<string[]> {
  return keysOfGrants(
    await db
      .selectFrom('sys_depart_role_permission')
      .select(['permission_id', 'data_rule_ids'])
      .where('role_id', '=', roleId)
      .orderBy('permission_id')
      .execute(),
  );
}

export async function demandDepart(db: Kysely<any>, departId: unknown): Promise<string> {
  if (typeof departId !== 'string' || !ID.test(departId)) throw badRequest('部门ID格式不正确');
  if (!(await db.selectFrom('sys_depart').select('id').where('id', '=', departId).executeTakeFirst())) throw badRequest('部门不存在');
  return departId;
}

export async function demandDepartRole(db: Kysely<any>, roleId: unknown): Promise<{ id: string; depart_id: string }> {
  if (typeof roleId !== 'string' || !ID.test(roleId)) throw badRequest('部门角色ID格式不正确');
  const role = await db.selectFrom('sys_depart_role').select(['id', 'depart_id']).where('id', '=', roleId).executeTakeFirst();
  if (!role) throw badRequest('部门角色不存在');
  return role;
}

/** Replaces the department's set, then trims its roles to it. */
export async function saveDepartKeys(db: Kysely<any>, departId: string, raw: unknown): Promise<void> {
  const checked = await checkKeys(db, raw);
  await db.deleteFrom('sys_depart_permission').where('depart_id', '=', departId).execute();
  if (checked.permissionIds.length)
    await db
      .insertInto('sys_depart_permission')
      .values(grantRows(checked, { depart_id: departId }))
      .execute();
  const held = await db.selectFrom('sys_depart_role_permission').select(['id', 'permission_id', 'data_rule_ids']).where('depart_id', '=', departId).execute();
  for (const row of held) {
    if (!checked.permissionIds.includes(row.permission_id)) {
      await db.deleteFrom('sys_depart_role_permission').where('id', '=', row.id).execute();
      continue;
    }
    const allowed = new Set(checked.rules.filter((r) => r.permission_id === row.permission_id).map((r) => r.id));
    const kept =
      String(row.data_rule_ids ?? '')
        .split(',')
        .filter((id) => id && allowed.has(id))
        .join(',') || null;
    if (kept !== (row.data_rule_ids || null))
      await db.updateTable('sys_depart_role_permission').set({ data_rule_ids: kept }).where('id', '=', row.id).execute();
  }
}

export const OUTSIDE_DEPART_MESSAGE = '所选权限超出了部门的权限范围';

/** Replaces what a department role holds; every key must be within its department's set (refused otherwise). */
export async function saveDepartRoleKeys(db: Kysely<any>, role: { id: string; depart_id: string }, raw: unknown): Promise<void> {
  const ceiling = new Set(await departKeys(db, role.depart_id));
  const { permissionIds, ruleIds } = parseKeys(raw);
  if ([...permissionIds, ...ruleIds.map((id) => `${RULE_KEY}${id}`)].some((key) => !ceiling.has(key))) throw badRequest(OUTSIDE_DEPART_MESSAGE);
  const checked = await checkKeys(db, raw);
  await db.deleteFrom('sys_depart_role_permission').where('role_id', '=', role.id).execute();
  if (checked.permissionIds.length)
    await db
      .insertInto('sys_depart_role_permission')
      .values(grantRows(checked, { role_id: role.id, depart_id: role.depart_id }))
      .execute();
}

/** The permission tree cut to the department's set (a branch stays when something under it is kept). */
export async function departTree(db: Kysely<any>, departId: string): Promise<TreeNode[]> {
  const keep = new Set(await departKeys(db, departId));
  const prune = (nodes: TreeNode[]): TreeNode[] =>
    nodes.flatMap((n) => {
      const children = prune(n.children ?? []);
      if (!keep.has(n.key) && !children.length) return [];
      return [{ ...n, ...(keep.has(n.key) ? {} : { checkable: false }), ...(children.length ? { children } : { children: undefined }) }];
    });
  return prune(await permissionTree(db));
}

/** The department's roles and which of them the user holds. */
export async function userDepartRoles(db: Kysely<any>, departId: string, userId: string) {
  const roles = await db
    .selectFrom('sys_depart_role')
    .select(['id', 'role_name', 'role_code'])
    .where('depart_id', '=', departId)
    .orderBy('create_time')
    .orderBy('id')
    .execute();
  const held = await db.selectFrom('sys_depart_role_user').select('drole_id').where('user_id', '=', userId).execute();
  const heldIds = new Set(held.map((h) => h.drole_id as string));
  return {
    roles: roles.map((r) => ({ id: r.id, roleName: r.role_name, roleCode: r.role_code })),
    checkedRoleIds: roles.filter((r) => heldIds.has(r.id)).map((r) => r.id),
  };
}

/** Replaces the user's roles within one department; the user must belong to it and the roles be its own. */
export async function saveUserDepartRoles(db: Kysely<any>, departId: string, userId: string, raw: unknown): Promise<void> {
  if (typeof userId !== 'string' || !ID.test(userId)) throw badRequest('用户ID格式不正确');
  if (!(await db.selectFrom('sys_user').select('id').where('id', '=', userId).where('del_flag', '=', 0).executeTakeFirst())) throw badRequest('用户不存在');
  if (!(await db.selectFrom('sys_user_depart').select('id').where('user_id', '=', userId).where('dep_id', '=', departId).executeTakeFirst()))
    throw badRequest('该用户不属于此部门');
  const roleIds = [
    ...new Set(
      (typeof raw === 'string' ? raw.split(',') : Array.isArray(raw) ? raw.map(String) : raw == null ? [] : ['\0']).map((s) => s.trim()).filter(Boolean),
    ),
  ];
  if (roleIds.some((id) => !ID.test(id))) throw badRequest('部门角色ID格式不正确');
  const own = roleIds.length ? await db.selectFrom('sys_depart_role').select('id').where('id', 'in', roleIds).where('depart_id', '=', departId).execute() : [];
  if (own.length < roleIds.length) throw badRequest('所选部门角色不存在或不属于此部门');
  const inDepart = db.selectFrom('sys_depart_role').select('id').where('depart_id', '=', departId);
  await db.deleteFrom('sys_depart_role_user').where('user_id', '=', userId).where('drole_id', 'in', inDepart).execute();
  if (roleIds.length)
    await db
      .insertInto('sys_depart_role_user')
      .values(roleIds.map((drole_id) => ({ id: newId(), user_id: userId, drole_id })))
      .execute();
}
