import type { Kysely } from 'kysely';
import { notFound } from '../../http/envelope.ts';
import { graphReportMenuIdOf, publishEntry } from '../../engine/schema/menus.ts';

/*
 * 图表配置 › 发布: a chart becomes a menu entry under 在线开发 (url /online/graphreport/chart/{code},
 * component graphreport/{code}). Who may read its figures stays its source's rule, checked by getChartsData.
 */
export async function publishGraph(db: Kysely<any>, id: string, by: string): Promise<{ menuId: string; url: string }> {
  const head = await db.selectFrom('onl_graphreport_head').select(['code', 'name']).where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
  if (!head) throw notFound('图表不存在');
  const menuId = graphReportMenuIdOf(String(head.code));
  const url = `/online/graphreport/chart/${head.code}`;
  await publishEntry(db, { id: menuId, name: head.name, url, component: `graphreport/${head.code}`, icon: 'bar-chart', description: `图表报表 ${head.code}` }, by);
  return { menuId, url };
}
