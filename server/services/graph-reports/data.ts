import type { Session } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import { ApiError, forbidden } from '../../http/envelope.ts';
import { type Group, type Grouping, groupedSelect, groupsOf } from '../../engine/read/grouping.ts';
import { demandReader, queryItems } from '../online-reports/columns.ts';
import type { ReportDefinition } from '../online-reports/definitions.ts';
import type { EntityModel } from '../../engine/schema/model.ts';
import { parseDataRequest, reportReader, runReportGroups } from '../online-reports/query.ts';
import { dictOptions } from '../dict-options.ts';
import { type ChartSource, checkColumns, findSource, type GraphDefinition, type SourceColumn } from './definitions.ts';
import type { ChartData, ChartQueryItem } from '../../../src/core/api-types.ts';
import { planList } from '../../engine/read/query.ts';

/*
 * A chart's figures for the signed-in user: the source's rows as that user may read them — an online
 * report through its wall (tenant, 查看权限, scope rules, the request's query items), a screen through
 * the scoped reader (tenant, data rules, soft delete) — grouped by the dimension, with the dimension's
 * values as people read them (dictionary texts, referenced records' labels).
 */

const EMPTY_TEXT = '（空）';

/** Whether the user may read the chart's source at all: the report's 查看权限, the screen's list. */
async function demandSourceReader(ctx: AppContext, session: Session, def: GraphDefinition, source: ChartSource | undefined): Promise<void> {
  if (source?.type === 'report') await demandReader(ctx, session, source.report);
  if (source?.type === 'entity' && !(await ctx.runtime.access.canView(session, source.model)))
    throw forbidden(`没有权限访问图表【${def.name}】，请联系管理员授权`);
}

export async function demandChartReader(ctx: AppContext, session: Session, def: GraphDefinition): Promise<void> {
  await demandSourceReader(ctx, session, def, await findSource(ctx.db, ctx.runtime.registry, def));
}

async function reportGroups(ctx: AppContext, session: Session, report: ReportDefinition, g: Grouping, query: Record<string, unknown>): Promise<Group[]> {
  return runReportGroups(ctx.db, report, parseDataRequest(report, query), await reportReader(ctx, session, report), g);
}

/**
 * A screen's query items, as a chart over it offers them (the list's query bar, without 高级查询): each field by
 * property (payStatus), as the screen's list reads it back from the request; a table dictionary keeps its columns.
 */
const screenQueryItems = (model: EntityModel): ChartQueryItem[] =>
  (model.doc.list?.query ?? []).map((q) => ({
    field: model.wire.wireName(q.field),
    label: q.label ?? model.field.get(q.field)?.label ?? q.field,
    view: q.view ?? 'text',
    mode: q.mode ?? 'single',
    ...(q.dictCode ? { dictCode: q.dictCode } : {}),
    ...(q.dictTable && q.dictText ? { dictTable: q.dictTable, dictText: q.dictText } : {}),
    hidden: q.hidden ?? '0',
  }));

async function entityGroups(
  ctx: AppContext,
  session: Session,
  model: EntityModel,
  g: Grouping,
  query: Record<string, unknown>,
): Promise<{ groups: Group[]; texts: Map<string, string> }> {
  const reader = await ctx.runtime.reader(session);
  // The list's filters only (by property, checked against the screen's allow-list); no advanced query, no paging.
  const { superQueryParams: _sq, superQueryMatchType: _mt, ...filters } = query;
  const plan = planList(model, filters);
  const groups = groupsOf(await groupedSelect(await reader.scoped(model, 't', plan), 't', g).execute(), g);
  // The reader labels the dimension as it labels a list cell: dictionary text, referenced record's label.
  const labelled = await reader.decorate(
    model,
    groups.map((x) => ({ [g.x]: x.value })),
  );
  const texts = new Map(groups.map((x, i) => [String(x.value), String(labelled[i][`${g.x}_dictText`] ?? '')]));
  return { groups, texts };
}

async function dictTexts(ctx: AppContext, session: Session, column: SourceColumn): Promise<Map<string, string>> {
  if (!column.dict) return new Map();
  return new Map((await dictOptions(ctx, session, column.dict)).map((o) => [String(o.value), o.text]));
}

export async function chartData(ctx: AppContext, session: Session, def: GraphDefinition, query: Record<string, unknown> = {}): Promise<ChartData> {
  const source = await findSource(ctx.db, ctx.runtime.registry, def);
  await demandSourceReader(ctx, session, def, source);
  let columns: Map<string, SourceColumn>;
  try {
    columns = checkColumns(def, source);
  } catch (error) {
    // A definition that no longer fits its source (a report column renamed since): the admin must fix it.
    if (error instanceof ApiError) throw new ApiError(500, `图表【${def.name}】的配置有误：${error.message}`);
    throw error;
  }
  const g: Grouping = { x: def.x, ys: def.ys, aggregate: def.aggregate };
  // checkColumns refused a missing source: it is there.
  const from = source as ChartSource;
  const { groups, texts, items } =
    from.type === 'report'
      ? {
          groups: await reportGroups(ctx, session, from.report, g, query),
          texts: await dictTexts(ctx, session, columns.get(def.x)!),
          items: queryItems(from.report),
        }
      : { ...(await entityGroups(ctx, session, from.model, g, query)), items: screenQueryItems(from.model) };
  const textOf = (value: unknown) => {
    if (value === null || value === undefined || value === '') return EMPTY_TEXT;
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    return texts.get(String(value)) || String(value);
  };
  return {
    code: def.code,
    name: def.name,
    types: def.types,
    yAxisText: def.yAxisText,
    dimension: { key: def.x, label: columns.get(def.x)!.title },
    // Series keys are positional (y0, y1…), so no column name can clash with text and value.
    series: def.ys.map((y, i) => ({ key: `y${i}`, label: columns.get(y)!.title })),
    rows: groups.map((x) => ({ text: textOf(x.value), value: x.value, ...Object.fromEntries(def.ys.map((y, i) => [`y${i}`, x.figures[y]])) })),
    query: items,
  };
}
