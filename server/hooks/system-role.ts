import type { Kysely } from 'kysely';
import { badRequest } from '../http/envelope.ts';
import { ADMIN_ROLE } from '../auth/roles.ts';
import { menuIdOf } from '../engine/schema/menus.ts';
import { registerHooks } from '../engine/write/hooks.ts';
import { demandKeysGrantable } from '../services/grant-guard.ts';
import { parseKeys, roleKeys, saveRoleKeys } from '../services/role-permissions.ts';

/*
 * 角色管理 (schemas/system/role.json). The role form carries the permission tree under the virtual field
 * `permissions` (menu, button and data-rule keys): checked before the role is saved — the admin role keeps
 * 角色管理 and its edit button, nobody hands out what they do not hold — and stored beside the role in the same
 * transaction. The admin role is never deleted, or nobody could manage grants again.
 */

const PERMISSIONS = 'permissions';

/** The admin role keeps the means to hand out permissions: without them nobody could repair a mistaken save. */
export async function keepAdminRoleManagement(db: Kysely<any>, roleId: string, keys: unknown): Promise<void> {
  const admin = await db.selectFrom('sys_role').select('id').where('role_code', '=', ADMIN_ROLE).executeTakeFirst();
  if (!admin || admin.id !== roleId) return;
  const { permissionIds } = parseKeys(keys);
  const needed = await db
    .selectFrom('sys_permission')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', menuIdOf('system/role')), eb('perms', '=', 'system:role:edit')]))
    .execute();
  if (needed.some((n) => !permissionIds.includes(n.id))) throw badRequest('管理员角色必须保留角色管理及其编辑权限');
}

registerHooks('system/role', {
  async beforeSave({ kind, id, virtual }, w) {
    if (!(PERMISSIONS in virtual)) return;
    const keys = virtual[PERMISSIONS];
    if (kind === 'edit') await keepAdminRoleManagement(w.db, id, keys);
    if (w.actor.userId) await demandKeysGrantable(w.db, w.actor.userId, keys, kind === 'edit' ? await roleKeys(w.db, id) : []);
  },
  async afterRow(_model, change, w, virtual) {
    if (change.after && PERMISSIONS in virtual) await saveRoleKeys(w.db, String(change.after.id), virtual[PERMISSIONS]);
  },
  beforeDelete({ before }) {
    if (before.role_code === ADMIN_ROLE) throw badRequest('不能删除管理员角色');
  },
});
