import { hashPassword, isStrongPassword, PASSWORD_RULE_MESSAGE } from '../auth/password.ts';
import { ADMIN_ROLE } from '../auth/roles.ts';
import { badRequest, forbidden } from '../http/envelope.ts';
import { type HookContext, registerHooks } from '../engine/write/hooks.ts';
import { ASSIGN_ROLE_PERMISSION, demandDepartRolesGrantable, demandRolesGrantable, diffIds, refuseAssign } from '../services/grant-guard.ts';
import { checkRelations, type Relations, saveRelations, takeRelations } from '../services/user-relations.ts';
import { tenantsOf } from '../services/users.ts';
import { wouldLeaveNoAdmin } from './admin-accounts.ts';

/*
 * 用户管理 (schemas/system/user.json). The form carries, as virtual fields, the password (hashed, never read
 * back; set on add only — it changes through changePassword) and the user's roles, departments, positions,
 * tenants and department roles. Before the record is checked: the relations exist, role changes follow the
 * grant rules (分配角色; nobody gives roles beyond their own grants; giving yourself roles needs
 * system:role:edit) and the last active admin keeps the admin role. After the row is written they are stored
 * beside it. Freezing (状态 冻结) and deleting: not yourself, never the last active admin.
 */

/** 状态 冻结: the user's sessions are refused from their next request. */
const FROZEN = 2;

/** Who may give themselves roles: whoever may edit roles anyway. */
const GRANT_SELF_PERMISSION = 'system:role:edit';

interface Pending {
  relations: Relations;
  hash?: string;
}

/** What beforeValidate prepared for afterRow, by the write's virtual values (one object per write). */
const pending = new WeakMap<object, Pending>();

/** The hash of a new password (required: refused when empty), after the strength rule and the confirmation. */
export async function passwordHash(virtual: Record<string, unknown>, required: boolean): Promise<string | undefined> {
  const password = virtual.password;
  if (password === undefined || password === null || password === '') {
    if (required) throw badRequest('请输入密码!');
    return undefined;
  }
  if (typeof password !== 'string' || !isStrongPassword(password)) throw badRequest(PASSWORD_RULE_MESSAGE);
  const confirm = virtual.confirmpassword;
  if (confirm !== undefined && confirm !== null && confirm !== password) throw badRequest('两次输入的密码不一样！');
  return required ? hashPassword(password) : undefined;
}

const stored = async (w: HookContext, table: string, column: string, userId: string | undefined) =>
  userId ? (await w.db.selectFrom(table).select(`${column} as id`).where('user_id', '=', userId).execute()).map((r) => String(r.id)) : [];

async function checkAssignment(w: HookContext, userId: string | undefined, relations: Relations): Promise<void> {
  const actor = w.actor.userId;
  if (!actor) return;
  const roles = diffIds(await stored(w, 'sys_user_role', 'role_id', userId), relations.roles);
  if (userId === actor && roles.added.length && !w.held.has(GRANT_SELF_PERMISSION)) throw forbidden('没有权限给自己授予角色');
  const demandAssign = async () => {
    if (!w.held.has(ASSIGN_ROLE_PERMISSION)) throw refuseAssign();
  };
  await demandRolesGrantable(w.db, demandAssign, actor, roles.added, roles.removed);
  const departRoles = diffIds(await stored(w, 'sys_depart_role_user', 'drole_id', userId), relations.departRoles);
  await demandDepartRolesGrantable(w.db, demandAssign, actor, departRoles.added, departRoles.removed);
}

async function keepAdminRole(w: HookContext, userId: string, relations: Relations): Promise<void> {
  if (!relations.roles) return;
  const admin = await w.db.selectFrom('sys_role').select('id').where('role_code', '=', ADMIN_ROLE).executeTakeFirst();
  if (admin && !relations.roles.includes(admin.id) && (await wouldLeaveNoAdmin(w.db, [userId]))) throw badRequest('不能移除最后一个管理员的管理员角色');
}

registerHooks('system/user', {
  permissions: [ASSIGN_ROLE_PERMISSION, GRANT_SELF_PERMISSION],
  async beforeValidate({ kind, before, virtual }, w) {
    const relations = takeRelations({ ...virtual });
    const hash = await passwordHash(virtual, kind === 'add');
    await checkRelations(w.db, relations);
    const id = before ? String(before.id) : undefined;
    await checkAssignment(w, id, relations);
    if (id) await keepAdminRole(w, id, relations);
    // Unless the form chose tenants (an empty choice is no choice: a user of no tenant sees only shared
    // rows), a new user joins the adder's tenant (or all of the adder's tenants).
    if (kind === 'add' && !relations.tenants?.length)
      relations.tenants = w.actor.tenantId ? [w.actor.tenantId] : w.actor.userId ? await tenantsOf(w.db, w.actor.userId) : [];
    pending.set(virtual, { relations, hash });
  },
  async beforeSave({ id, changed, record }, w) {
    if (!changed.has('status') || Number(record.status) !== FROZEN) return;
    if (id === w.actor.userId) throw badRequest('不能冻结当前登录用户');
    if (await wouldLeaveNoAdmin(w.db, [id])) throw badRequest('不能冻结最后一个管理员');
  },
  async afterRow(_model, change, w, virtual) {
    const prepared = pending.get(virtual);
    if (!change.after || !prepared) return;
    const id = String(change.after.id);
    if (prepared.hash) await w.db.updateTable('sys_user').set({ password: prepared.hash }).where('id', '=', id).execute();
    await saveRelations(w.db, id, prepared.relations);
  },
  async beforeDelete({ id }, w) {
    if (id === w.actor.userId) throw badRequest('不能删除当前登录用户');
    if (await wouldLeaveNoAdmin(w.db, [id])) throw badRequest('不能删除最后一个管理员');
  },
});
