import type { Kysely } from 'kysely';
import { nowText } from '../../lib/time.ts';
import { DASHBOARD_MENUS, insertMenus, roleIdsOf } from '../seed.ts';

/*
 * 仪表盘 → 工作台, 任务, 图表 and 监控 (issue 19), granted as the seed grants them, for databases seeded before
 * they existed. A new database has no roles yet when migrations run: its seed makes the same entries.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const admin = await db.selectFrom('sys_role').select('id').where('role_code', '=', 'admin').executeTakeFirst();
  if (!admin) return;
  if (await db.selectFrom('sys_permission').select('id').where('url', '=', '/dashboard').executeTakeFirst()) return;
  await insertMenus(db, DASHBOARD_MENUS, await roleIdsOf(db), nowText());
}

export async function down(): Promise<void> {}
