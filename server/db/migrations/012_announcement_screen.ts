import { type Kysely, sql } from 'kysely';

/*
 * 系统通告 became the schema screen schemas/system/announcement.json (menu under 系统管理, made by the
 * menu sync). Databases seeded before it still hold the hand-written page's menu entry (消息中心 → 系统通告,
 * component isps/AnnouncementManage, which no longer exists) and its buttons: removed here, with their
 * grants, so there is one menu for the screen. A fresh database has none of these rows (migrations run
 * before seeding), so this changes nothing there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Grants (sys_role_permission) and data rules go with their rows (foreign keys cascade).
  await sql`delete from sys_permission where url = '/isps/announcement' or url like '/isps/announcement#%'`.execute(db);
}

export async function down(): Promise<void> {
  // The removed rows belonged to a page that no longer exists; nothing to restore.
}
