import type { Session } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../http/envelope.ts';
import { dictOptions } from '../dict-options.ts';
import type { DictOption } from '../dictionaries.ts';
import type { ReportDefinition, ReportItem } from './definitions.ts';
import type { ChartQueryItem } from '../../../src/core/api-types.ts';

/*
 * What the popup needs besides the data: the shown columns with their dictionaries (getRpColumns), the
 * query items (getQueryInfo), and who may read a report at all.
 */

export interface ReportColumn {
  dataIndex: string;
  title: string;
  /** The dictionary that renders this column's values, a key of dictOptions. */
  customRender?: string;
}

/** getQueryInfo's item: the same shape a chart over the report carries (the wire type lives in the core). */
export type QueryItem = ChartQueryItem;

export async function demandReader(ctx: AppContext, session: Session, def: ReportDefinition): Promise<void> {
  if (!def.perms.length) return;
  for (const code of def.perms) if (await ctx.permissions.allows(session.user.id, code)) return;
  throw forbidden(`没有权限访问报表【${def.name}】，请联系管理员授权`);
}

export async function reportColumns(ctx: AppContext, session: Session, def: ReportDefinition) {
  const shown = def.items.filter((i) => i.show);
  const dictionaries: Record<string, DictOption[]> = {};
  for (const dict of new Set(shown.map((i) => i.dict).filter((d): d is string => !!d))) dictionaries[dict] = await dictOptions(ctx, session, dict);
  const columns: ReportColumn[] = shown.map((i) => ({ dataIndex: i.name, title: i.title, ...(i.dict ? { customRender: i.dict } : {}) }));
  return { columns, dictOptions: dictionaries, cgRpConfigId: def.id, cgRpConfigName: def.name };
}

const viewOf = (item: ReportItem): string =>
  item.dict ? 'list' : item.type === 'integer' || item.type === 'number' ? 'number' : item.type === 'date' || item.type === 'datetime' ? item.type : 'text';

export function queryItems(def: ReportDefinition): QueryItem[] {
  return def.items
    .filter((i) => i.search)
    .map((i) => ({
      field: i.name,
      label: i.title,
      view: viewOf(i),
      mode: i.range ? 'group' : 'single',
      ...(i.dict ? { dictCode: i.dict } : {}),
      hidden: i.hidden,
    }));
}
