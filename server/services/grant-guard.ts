import type { Kysely } from 'kysely';
import { forbidden } from '../http/envelope.ts';
import { grantsOf } from './permissions.ts';
import { ADMIN_ROLE } from '../auth/roles.ts';
import { checkKeys } from './role-permissions.ts';

/*
 * Grants cannot escalate. Whoever hands out roles or permissions can hand out only what they hold
 * themselves: a permission (menu entry, button, or a data rule under a menu entry) they do not hold, or a
 * role or department role holding one, is refused. Assigning roles to users also needs the button
 * 分配角色 (system:user:assignRole) of 用户管理. Only what a save adds is checked: keeping what a role already
 * has, or taking something away, is always allowed. Holders of the admin role hold everything, including
 * menu entries made after their role was last saved.
 */

export const ASSIGN_ROLE_PERMISSION = 'system:user:assignRole';

const MAX_NAMED = 5;

/** Permission ids the user holds through roles and department roles, plus buttons switched off (everyone's). */
async function heldPermissionIds(db: Kysely<any>, userId: string): Promise<{ has(id: string): boolean }> {
  const admin = await db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
    .select('r.id')
    .where('ur.user_id', '=', userId)
    .where('r.role_code', '=', ADMIN_ROLE)
    .executeTakeFirst();
  if (admin) return { has: () => true };
  const held = await db.selectFrom(grantsOf(db, userId)).select('g.permission_id').execute();
  const open = await db.selectFrom('sys_permission').select('id').where('status', '=', '0').where('menu_type', '=', 2).execute();
  return new Set([...held.map((r) => r.permission_id as string), ...open.map((r) => r.id as string)]);
}

async function namesOf(db: Kysely<any>, table: string, column: string, ids: string[]): Promise<string> {
  const rows = await db
    .selectFrom(table)
    .select(['id', `${column} as name`])
    .where('id', 'in', ids.slice(0, MAX_NAMED))
    .execute();
  const names = rows.map((r) => String(r.name ?? r.id));
  return names.join('、') + (ids.length > MAX_NAMED ? '等' : '');
}

/** Refuses permission ids the actor does not hold (403, naming them). */
async function demandHeld(db: Kysely<any>, actorId: string, permissionIds: string[]): Promise<void> {
  if (!permissionIds.length) return;
  const held = await heldPermissionIds(db, actorId);
  const beyond = [...new Set(permissionIds)].filter((id) => !held.has(id));
  if (beyond.length) throw forbidden(`不能授予自己没有的权限：${await namesOf(db, 'sys_permission', 'name', beyond)}`);
}

/**
 * Permission keys (ids and `rule:<id>`) a save would give a role, department or department role: the ones
 * not in `current` must be held by the actor; a new data rule counts as its menu entry.
 */
export async function demandKeysGrantable(db: Kysely<any>, actorId: string, raw: unknown, current: string[]): Promise<void> {
  // Unknown ids and rules without their menu entry are refused first, with their own messages.
  const { permissionIds, rules } = await checkKeys(db, raw);
  const ruleIds = rules.map((r) => r.id);
  const had = new Set(current);
  const addedPermissions = permissionIds.filter((id) => !had.has(id));
  const addedRules = ruleIds.filter((id) => !had.has(`rule:${id}`));
  const ruleMenus = addedRules.length ? await db.selectFrom('sys_permission_data_rule').select('permission_id').where('id', 'in', addedRules).execute() : [];
  await demandHeld(db, actorId, [...addedPermissions, ...ruleMenus.map((r) => r.permission_id as string)]);
}

/** A data rule is written (added, edited, deleted) only by someone holding the menu entry it limits. */
export async function demandRuleMenuHeld(db: Kysely<any>, actorId: string, permissionId: string): Promise<void> {
  await demandHeld(db, actorId, [permissionId]);
}

/** Refuses unless the actor holds 分配角色 (a PermissionService check, or what a hook read into `held`). */
export type DemandAssign = () => Promise<void>;

export const refuseAssign = () => forbidden(`没有权限，请联系管理员授权【${ASSIGN_ROLE_PERMISSION}】`);

/** Roles given to users: the assignment button, and every permission of each added role held by the actor. */
export async function demandRolesGrantable(
  db: Kysely<any>,
  demandAssign: DemandAssign,
  actorId: string,
  added: string[],
  removed: string[] = [],
): Promise<void> {
  if (!added.length && !removed.length) return;
  await demandAssign();
  if (!added.length) return;
  const held = await heldPermissionIds(db, actorId);
  const rows = await db.selectFrom('sys_role_permission').select(['role_id', 'permission_id']).where('role_id', 'in', added).execute();
  const beyond = [...new Set(rows.filter((r) => !held.has(r.permission_id)).map((r) => r.role_id as string))];
  if (beyond.length) throw forbidden(`不能分配超出自己权限的角色：${await namesOf(db, 'sys_role', 'role_name', beyond)}`);
}

/** Department roles given to users: the same rules over sys_depart_role_permission. */
export async function demandDepartRolesGrantable(
  db: Kysely<any>,
  demandAssign: DemandAssign,
  actorId: string,
  added: string[],
  removed: string[] = [],
): Promise<void> {
  if (!added.length && !removed.length) return;
  await demandAssign();
  if (!added.length) return;
  const held = await heldPermissionIds(db, actorId);
  const rows = await db.selectFrom('sys_depart_role_permission').select(['role_id', 'permission_id']).where('role_id', 'in', added).execute();
  const beyond = [...new Set(rows.filter((r) => !held.has(r.permission_id)).map((r) => r.role_id as string))];
  if (beyond.length) throw forbidden(`不能分配超出自己权限的角色：${await namesOf(db, 'sys_depart_role', 'role_name', beyond)}`);
}

/** Added and removed ids between what is stored and what a save sends (undefined: the relation is not sent). */
export function diffIds(stored: string[], sent: string[] | undefined): { added: string[]; removed: string[] } {
  if (!sent) return { added: [], removed: [] };
  const before = new Set(stored);
  const after = new Set(sent);
  return { added: sent.filter((id) => !before.has(id)), removed: stored.filter((id) => !after.has(id)) };
}
