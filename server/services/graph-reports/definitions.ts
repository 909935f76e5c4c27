import type { Kysely } from 'kysely';
import { badRequest } from '../../http/envelope.ts';
import { type Aggregate, AGGREGATES, NUMERIC_AGGREGATES } from '../../engine/read/grouping.ts';
import type { Registry } from '../../engine/schema/registry.ts';
import { loadReport, type ReportDefinition } from '../online-reports/definitions.ts';
import type { EntityModel } from '../../engine/schema/model.ts';
import { liveHead } from '../../engine/schema/menus.ts';
import type { GraphType } from '../../../src/core/api-types.ts';

/*
 * 图表配置: a chart's definition (migration 030) — its source (an online report or a screen), the
 * dimension column, the measure columns, the aggregate and the chart types — and the one check every
 * write and every read applies: the source exists and every named column is one of its columns, the
 * measures numeric where the aggregate needs numbers, none of them masked or secret.
 */

export const GRAPH_TYPES = ['bar', 'line', 'pie', 'table'] as const satisfies readonly GraphType[];
export const SOURCE_TYPES = ['report', 'entity'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];
const AGGREGATE_TEXT: Record<Aggregate, string> = { sum: '求和', count: '计数', avg: '平均', max: '最大值', min: '最小值' };

export interface GraphDefinition {
  id: string;
  code: string;
  name: string;
  sourceType: SourceType;
  source: string;
  x: string;
  ys: string[];
  aggregate: Aggregate;
  types: GraphType[];
  yAxisText: string | null;
  dashboard: boolean;
}

/** A column a chart may name: a report's declared column or a screen's field. */
export interface SourceColumn {
  name: string;
  title: string;
  numeric: boolean;
  /** A value that must not leave the server as a group: masked or secret. */
  hidden: boolean;
  /** The dictionary a report column renders with (a screen's fields are labelled by its reader). */
  dict?: string;
}

const list = (raw: unknown) =>
  String(raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** A stored row as a definition; values outside the allowed sets are refused (the checks name them). */
export function graphOf(row: Record<string, unknown>): GraphDefinition {
  const sourceType = String(row.source_type ?? '');
  if (!(SOURCE_TYPES as readonly string[]).includes(sourceType)) throw badRequest(`图表数据来源类型不正确: ${sourceType.slice(0, 20)}`);
  const aggregate = String(row.aggregate ?? '');
  if (!(AGGREGATES as readonly string[]).includes(aggregate)) throw badRequest(`图表统计方式不正确: ${aggregate.slice(0, 20)}`);
  const types = list(row.graph_type);
  const wrong = types.find((t) => !(GRAPH_TYPES as readonly string[]).includes(t));
  if (wrong !== undefined) throw badRequest(`图表类型不正确: ${wrong.slice(0, 20)}`);
  if (!types.length) throw badRequest('请选择至少一种图表类型');
  const ys = list(row.y_fields);
  if (!ys.length) throw badRequest('请填写至少一个数值字段');
  return {
    id: String(row.id),
    code: String(row.code),
    name: String(row.name),
    sourceType: sourceType as SourceType,
    source: String(row.source ?? ''),
    x: String(row.x_field ?? '').trim(),
    ys,
    aggregate: aggregate as Aggregate,
    types: types as GraphType[],
    yAxisText: row.y_axis_text ? String(row.y_axis_text) : null,
    dashboard: Number(row.dashboard) === 1,
  };
}

/** What a chart reads: an online report's definition or a screen's model. */
export type ChartSource = { type: 'report'; report: ReportDefinition } | { type: 'entity'; model: EntityModel };

/** The chart's source as it stands now; undefined when the report or the screen is not there. */
export async function findSource(db: Kysely<any>, registry: Registry, def: Pick<GraphDefinition, 'sourceType' | 'source'>): Promise<ChartSource | undefined> {
  if (def.sourceType === 'report') {
    const report = await loadReport(db, { code: def.source });
    return report && { type: 'report', report };
  }
  const model = registry.find(def.source);
  return model?.doc.menu ? { type: 'entity', model } : undefined;
}

function columnsOf(source: ChartSource): SourceColumn[] {
  if (source.type === 'report') {
    return source.report.items.map((i) => ({
      name: i.name,
      title: i.title,
      numeric: i.type === 'integer' || i.type === 'number',
      hidden: false,
      ...(i.dict ? { dict: i.dict } : {}),
    }));
  }
  return [...source.model.columns.values()].map((f) => ({
    name: f.name,
    title: f.label,
    numeric: f.type === 'integer' || f.type === 'decimal',
    hidden: !!f.mask || !!f.secret,
  }));
}

/**
 * Every column the definition names is one of its source's, fit for its place: the source's columns by
 * name, or the message naming the first problem (the source itself missing, a column, its kind).
 */
export function checkColumns(def: GraphDefinition, source: ChartSource | undefined): Map<string, SourceColumn> {
  if (!source) throw badRequest(`${def.sourceType === 'report' ? '图表的在线报表' : '图表的表单'}不存在: ${def.source.slice(0, 100)}`);
  const columns = new Map(columnsOf(source).map((c) => [c.name, c]));
  for (const name of [def.x, ...def.ys]) {
    const column = columns.get(name);
    if (!column) throw badRequest(`图表字段不存在: ${name.slice(0, 64)}`);
    if (column.hidden) throw badRequest(`图表字段【${column.title}】是敏感字段，不能用于图表`);
  }
  if (NUMERIC_AGGREGATES.includes(def.aggregate)) {
    const text = def.ys.map((y) => columns.get(y)!).find((c) => !c.numeric);
    if (text) throw badRequest(`图表字段【${text.title}】不是数值，不能${AGGREGATE_TEXT[def.aggregate]}`);
  }
  return columns;
}

/** The check a write applies: checkColumns against the source as it stands. */
export async function checkGraph(db: Kysely<any>, registry: Registry, def: GraphDefinition): Promise<void> {
  checkColumns(def, await findSource(db, registry, def));
}

/** A live definition by code (or id), checked; undefined when there is none. */
export async function loadGraph(db: Kysely<any>, by: { id: string } | { code: string }): Promise<GraphDefinition | undefined> {
  const row = await liveHead(db, 'onl_graphreport_head', by);
  return row ? graphOf(row) : undefined;
}

/** The stored rows of the charts marked for the home dashboard, in their order (not yet checked). */
export function dashboardGraphRows(db: Kysely<any>): Promise<Record<string, unknown>[]> {
  return db.selectFrom('onl_graphreport_head').selectAll().where('del_flag', '=', 0).where('dashboard', '=', 1).orderBy('order_num').orderBy('code').execute();
}
