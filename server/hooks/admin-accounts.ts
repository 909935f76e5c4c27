import type { Kysely } from 'kysely';
import { ADMIN_ROLE } from '../auth/roles.ts';

/*
 * Who keeps the system usable: the active holders of the admin role. Shared by the user and role hooks
 * and the user routes (freeze, demotion).
 */

const ACTIVE = 1;

/** Active, not deleted users holding the admin role, other than `except`. */
export async function otherActiveAdmins(db: Kysely<any>, except: string[]): Promise<number> {
  const rows = await db
    .selectFrom('sys_user as u')
    .innerJoin('sys_user_role as ur', 'ur.user_id', 'u.id')
    .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
    .select('u.id')
    .where('r.role_code', '=', ADMIN_ROLE)
    .where('u.status', '=', ACTIVE)
    .where('u.del_flag', '=', 0)
    .where('u.id', 'not in', except.length ? except : [''])
    .execute();
  return new Set(rows.map((r) => r.id)).size;
}

export async function holdsAdminRole(db: Kysely<any>, userIds: string[]): Promise<boolean> {
  const row = await db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
    .select('ur.user_id')
    .where('r.role_code', '=', ADMIN_ROLE)
    .where('ur.user_id', 'in', userIds)
    .executeTakeFirst();
  return !!row;
}

/** Whether taking these users out of service (delete, freeze, losing the admin role) leaves no active admin. */
export async function wouldLeaveNoAdmin(db: Kysely<any>, userIds: string[]): Promise<boolean> {
  return (await holdsAdminRole(db, userIds)) && (await otherActiveAdmins(db, userIds)) === 0;
}
