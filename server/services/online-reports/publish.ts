import type { Kysely } from 'kysely';
import { notFound } from '../../http/envelope.ts';
import { nowText } from '../../lib/time.ts';
import { areaIdOf, grantMenu, MENU_ROW, onlineReportMenuIdOf } from '../../engine/schema/menus.ts';

/*
 * 报表配置 › 发布: an online report becomes a menu entry under 在线开发 (url /online/cgreport/{code},
 * component cgreport/{code}: the report's list screen), granted to the admin role; 角色管理 gives it to
 * others. Publishing again renames the entry after the report and brings it back if it was deleted.
 * Who may read the rows stays the report's own rule (its 查看权限 and scope), checked by getData.
 */
export async function publishReport(db: Kysely<any>, id: string, by: string): Promise<{ menuId: string; url: string }> {
  const head = await db.selectFrom('onl_cgreport_head').select(['code', 'name']).where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
  if (!head) throw notFound('报表不存在');
  const parentId = (await areaIdOf(db, '/online')) ?? null;
  const menuId = onlineReportMenuIdOf(String(head.code));
  const url = `/online/cgreport/${head.code}`;
  const component = `cgreport/${head.code}`;
  const now = nowText();
  await db
    .insertInto('sys_permission')
    .values({ ...MENU_ROW, id: menuId, parent_id: parentId, name: head.name, menu_type: 1, url, component, icon: 'table', sort_no: 50, description: `在线报表 ${head.code}`, create_by: by, create_time: now, update_by: null, update_time: null })
    .onConflict((oc: any) => oc.column('id').doUpdateSet({ name: head.name, parent_id: parentId, url, component, del_flag: 0, update_by: by, update_time: now }))
    .execute();
  const admin = await db.selectFrom('sys_role').select('id').where('role_code', '=', 'admin').executeTakeFirst();
  await grantMenu(db, menuId, admin ? [admin.id] : []);
  return { menuId, url };
}
