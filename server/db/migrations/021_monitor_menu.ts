import type { Kysely } from 'kysely';
import { nowText } from '../../lib/time.ts';
import { insertMenus, MONITOR_MENUS, roleIdsOf } from '../seed.ts';

/*
 * 系统监控 → 监控中心 and its button monitor:view, granted to the admin role, for databases seeded before
 * they existed. A new database has no roles yet when migrations run: its seed makes the same entries.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const admin = await db.selectFrom('sys_role').select('id').where('role_code', '=', 'admin').executeTakeFirst();
  if (!admin) return;
  if (await db.selectFrom('sys_permission').select('id').where('url', '=', '/monitor').executeTakeFirst()) return;
  await insertMenus(db, MONITOR_MENUS, await roleIdsOf(db), nowText());
}

export async function down(): Promise<void> {}
