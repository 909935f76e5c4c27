import type { Kysely } from 'kysely';
import { newId } from '../../lib/ids.ts';
import { nowText } from '../../lib/time.ts';
import { MONITOR_MENUS } from '../seed.ts';

/*
 * 系统监控 → 监控中心 and its button monitor:view, granted to the admin role, for databases seeded before
 * they existed. A new database has no roles yet when migrations run: its seed makes the same entries.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const admin = await db.selectFrom('sys_role').select('id').where('role_code', '=', 'admin').executeTakeFirst();
  if (!admin) return;
  if (await db.selectFrom('sys_permission').select('id').where('url', '=', '/monitor').executeTakeFirst()) return;
  const ids = new Map<string, string>();
  const now = nowText();
  for (const m of MONITOR_MENUS) {
    const id = newId();
    ids.set(m.url, id);
    const button = m.menuType === 2;
    await db
      .insertInto('sys_permission')
      .values({ id, parent_id: m.parent ? ids.get(m.parent) : null, name: m.name, url: button ? null : m.url, component: m.component ?? null, component_name: null, redirect: null, menu_type: m.menuType ?? 0, perms: m.perms ?? null, perms_type: '1', sort_no: m.sort, always_show: false, icon: m.icon ?? null, is_route: !button, is_leaf: button, keep_alive: false, hidden: false, internal_or_external: false, description: null, status: '1', del_flag: 0, create_by: 'admin', create_time: now, update_by: null, update_time: null })
      .execute();
    await db.insertInto('sys_role_permission').values({ id: newId(), role_id: admin.id, permission_id: id, data_rule_ids: null }).execute();
  }
}

export async function down(): Promise<void> {}
