import { type SelectQueryBuilder, sql } from 'kysely';
import type { PendingItem } from '../../../src/core/api-types.ts';
import type { Session } from '../../auth/session.ts';
import type { SchemaRuntime } from '../../engine/runtime.ts';

/*
 * The home page's pending work: records waiting for someone, each counted by its status and linked to
 * its list. The documents are looked up by code, so an area whose document is not there yet counts 0
 * (with no link) instead of failing the page; a list the user may not open is left out.
 */

export const PENDING_WORK = [
  { key: 'project', title: '待审核项目申请', code: 'project/application', status: '2' },
  { key: 'help', title: '待审核救助申请', code: 'help/application', status: '1' },
  { key: 'invoice', title: '待开具发票', code: 'donation/invoice', status: '1' },
  { key: 'message', title: '待审核留言', code: 'love/message', status: '1' },
] as const;

export async function pendingWork(runtime: SchemaRuntime, session: Session): Promise<PendingItem[]> {
  const reader = await runtime.reader(session);
  const items: PendingItem[] = [];
  const counts: SelectQueryBuilder<any, any, { k: number; n: string }>[] = [];
  for (const work of PENDING_WORK) {
    const model = runtime.registry.find(work.code);
    if (!model?.field.has('status')) {
      items.push({ key: work.key, title: work.title, count: 0, path: null });
      continue;
    }
    if (!(await runtime.access.canView(session, model))) continue;
    // Counted within the user's row scope: the number matches the list the item opens.
    const query = (await reader.scoped(model))
      .select((eb) => [eb.fn.countAll<string>().as('n'), sql.lit(items.length).as('k')])
      .where('status', '=', work.status);
    counts.push(query);
    items.push({ key: work.key, title: work.title, count: 0, path: `/${model.code}` });
  }
  // Every count in one statement (UNION ALL, each tagged with its item), not one round trip per item.
  if (counts.length) {
    const rows = await counts
      .slice(1)
      .reduce((q, c) => q.unionAll(c), counts[0])
      .execute();
    for (const row of rows) items[Number(row.k)].count = Number(row.n);
  }
  return items;
}
