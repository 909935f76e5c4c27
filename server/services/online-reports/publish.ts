import type { Kysely } from 'kysely';
import { notFound } from '../../http/envelope.ts';
import { newId } from '../../lib/ids.ts';
import { nowText } from '../../lib/time.ts';
import { onlineReportMenuIdOf } from '../../engine/schema/menus.ts';

/*
 * 报表配置 › 发布: an online report becomes a menu entry under 在线开发 (url /online/cgreport/{code},
 * component cgreport/{code}: the report's list screen), granted to the admin role; 角色管理 gives it to
 * others. Publishing again renames the entry after the report and brings it back if it was deleted.
 * Who may read the rows stays the report's own rule (its 查看权限 and scope), checked by getData.
 */
export async function publishReport(db: Kysely<any>, id: string, by: string): Promise<{ menuId: string; url: string }> {
  const head = await db.selectFrom('onl_cgreport_head').select(['code', 'name']).where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
  if (!head) throw notFound('报表不存在');
  const area = await db.selectFrom('sys_permission').select('id').where('url', '=', '/online').where('menu_type', '=', 0).where('del_flag', '=', 0).orderBy('id').executeTakeFirst();
  const menuId = onlineReportMenuIdOf(String(head.code));
  const url = `/online/cgreport/${head.code}`;
  const now = nowText();
  await db
    .insertInto('sys_permission')
    .values({
      id: menuId, parent_id: area?.id ?? null, name: head.name, menu_type: 1, url, component: `cgreport/${head.code}`, component_name: null, redirect: null,
      perms: null, perms_type: '1', sort_no: 50, always_show: false, icon: 'table', is_route: true, is_leaf: true, keep_alive: false, hidden: false,
      internal_or_external: false, description: `在线报表 ${head.code}`, status: '1', del_flag: 0, create_by: by, create_time: now, update_by: null, update_time: null,
    })
    .onConflict((oc: any) => oc.column('id').doUpdateSet({ name: head.name, parent_id: area?.id ?? null, url, component: `cgreport/${head.code}`, del_flag: 0, update_by: by, update_time: now }))
    .execute();
  const admin = await db.selectFrom('sys_role').select('id').where('role_code', '=', 'admin').executeTakeFirst();
  if (admin) {
    await db
      .insertInto('sys_role_permission')
      .values({ id: newId(), role_id: admin.id, permission_id: menuId, data_rule_ids: null })
      .onConflict((oc: any) => oc.columns(['role_id', 'permission_id']).doNothing())
      .execute();
  }
  return { menuId, url };
}
