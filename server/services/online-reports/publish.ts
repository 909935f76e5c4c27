import type { Kysely } from 'kysely';
import { notFound } from '../../http/envelope.ts';
import { onlineReportMenuIdOf, publishEntry } from '../../engine/schema/menus.ts';

/*
 * 报表配置 › 发布: an online report becomes a menu entry under 在线开发 (url /online/cgreport/{code},
 * component cgreport/{code}: the report's list screen). Who may read the rows stays the report's own
 * rule (its 查看权限 and scope), checked by getData.
 */
export async function publishReport(db: Kysely<any>, id: string, by: string): Promise<{ menuId: string; url: string }> {
  const head = await db.selectFrom('onl_cgreport_head').select(['code', 'name']).where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
  if (!head) throw notFound('报表不存在');
  const menuId = onlineReportMenuIdOf(String(head.code));
  const url = `/online/cgreport/${head.code}`;
  await publishEntry(db, { id: menuId, name: head.name, url, component: `cgreport/${head.code}`, icon: 'table', description: `在线报表 ${head.code}` }, by);
  return { menuId, url };
}
