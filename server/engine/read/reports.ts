import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { ReportRow } from '../../../src/core/api-types.ts';
import type { ReportDef, ReportDimension, ReportMeasure, SchemaDocument } from '../../../src/core/schema/types.generated.ts';
import { badRequest } from '../../http/envelope.ts';
import { conditionFields, conditionSql } from '../schema/condition.ts';
import { buildModel, columnOf, type EntityModel } from '../schema/model.ts';
import type { RecordReader } from './reader.ts';
import { isPending } from './pending-rows.ts';
import { BUCKET_FORMAT, distinctKept, readDistinct, readSummaries, summarised, summaryCovers, type WholePeriods } from './report-summaries.ts';
import { nextDay, parseDate } from '../schema/values.ts';

/*
 * Declared reports (document.reports): totals of an entity's records over a date range, grouped by each
 * dimension in turn. Every identifier comes from the document and was checked against the entity's
 * allow-list when it was loaded (reportProblems); the range and the dimension keys of a request are
 * matched against the declaration, and every value is bound.
 */

export const DEFAULT_MAX_DAYS = 1098;
const NUMERIC = new Set(['integer', 'decimal']);
const DATES = new Set(['date', 'datetime']);
/** The text of a group whose field is empty (a donation without a team, say). */
export const EMPTY_GROUP = '未填写';

export interface ReportRange {
  /** YYYY-MM-DD, both ends included */
  begin: string;
  end: string;
}

export interface ReportGroup {
  key: string;
  label: string;
  chart: NonNullable<ReportDimension['chart']>;
  rows: ReportRow[];
}

export interface ReportResult {
  code: string;
  title: string;
  begin: string;
  end: string;
  measures: { key: string; label: string; render?: string }[];
  totals: Record<string, number>;
  groups: ReportGroup[];
}

/** What is wrong with the reports of one document (empty when nothing): field names off the allow-list and the like. */
export function reportProblems(doc: SchemaDocument): string[] {
  if (!doc.reports?.length) return [];
  const model = buildModel(doc);
  const problems: string[] = [];
  const codes = new Set<string>();
  for (const report of doc.reports) {
    const at = `报表 ${report.code}`;
    if (codes.has(report.code)) problems.push(`${at}: 报表编码重复`);
    codes.add(report.code);
    const dateField = columnOf(model, report.dateField);
    if (!dateField || !DATES.has(dateField.type)) problems.push(`${at}: dateField ${report.dateField} 不是该实体的日期字段`);
    for (const name of report.where ? conditionFields(report.where) : []) if (!columnOf(model, name)) problems.push(`${at}: 条件字段 ${name} 不存在`);
    const keys = new Set<string>();
    for (const d of report.dimensions) {
      if (keys.has(d.key)) problems.push(`${at}: 维度 ${d.key} 重复`);
      keys.add(d.key);
      const field = columnOf(model, d.field);
      if (!field) problems.push(`${at}: 维度字段 ${d.field} 不存在`);
      else if (d.bucket && !DATES.has(field.type)) problems.push(`${at}: 维度 ${d.key} 的 bucket 只能用于日期字段`);
    }
    const measures = new Set<string>();
    for (const m of report.measures) {
      if (measures.has(m.key) || keys.has(m.key) || m.key === 'value' || m.key === 'text') problems.push(`${at}: 指标 ${m.key} 重复或与保留名冲突`);
      measures.add(m.key);
      if (m.op === 'count') continue;
      const field = m.field ? columnOf(model, m.field) : undefined;
      if (!field) problems.push(`${at}: 指标 ${m.key} 的字段 ${m.field ?? ''} 不存在`);
      else if (m.op !== 'countDistinct' && !NUMERIC.has(field.type)) problems.push(`${at}: 指标 ${m.key} 只能汇总数值字段`);
    }
  }
  return problems;
}

export function findReport(model: EntityModel, code: string): ReportDef | undefined {
  return model.doc.reports?.find((r) => r.code === code);
}

/** The request's begin/end, checked: real dates, begin not after end, not longer than the report allows. */
export function readRange(query: Record<string, unknown>, report: ReportDef): ReportRange {
  const rawBegin = typeof query.begin === 'string' ? query.begin.trim() : '';
  const rawEnd = typeof query.end === 'string' ? query.end.trim() : '';
  if (!rawBegin || !rawEnd) throw badRequest('请选择统计的开始日期和结束日期');
  const begin = parseDate(rawBegin);
  const end = parseDate(rawEnd);
  if (!begin || !end) throw badRequest('日期格式不正确，请使用 YYYY-MM-DD');
  if (begin > end) throw badRequest('开始日期不能晚于结束日期');
  const maxDays = report.maxDays ?? DEFAULT_MAX_DAYS;
  const days = (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${begin}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > maxDays) throw badRequest(`统计区间不能超过${maxDays}天`);
  return { begin, end };
}

function measureSql(m: ReportMeasure): RawBuilder<unknown> {
  const ref = m.field ? sql.ref(m.field) : undefined;
  switch (m.op) {
    case 'count':
      return sql`count(*)`;
    case 'countDistinct':
      return sql`count(distinct ${ref})`;
    case 'avg':
      return sql`coalesce(round(avg(${ref}), 2), 0)`;
    default:
      return sql`coalesce(sum(${ref}), 0)`;
  }
}

const groupSql = (d: ReportDimension) => (d.bucket ? sql`to_char(${sql.ref(d.field)}, ${sql.lit(BUCKET_FORMAT[d.bucket])})` : sql`${sql.ref(d.field)}::text`);

/** Every period of the range, so a month without records is a zero bar rather than a missing one. */
export function periodsOf(bucket: NonNullable<ReportDimension['bucket']>, range: ReportRange): string[] {
  const out: string[] = [];
  const len = BUCKET_FORMAT[bucket].length;
  for (let day = range.begin; day <= range.end && out.length < 4000;) {
    const key = day.slice(0, len);
    if (out.at(-1) !== key) out.push(key);
    day = bucket === 'day' ? nextDay(day) : bucket === 'month' ? `${nextMonth(day.slice(0, 7))}-01` : `${Number(day.slice(0, 4)) + 1}-01-01`;
  }
  return out;
}

const lastDayOfMonth = (ym: string) => {
  const [y, m] = ym.split('-').map(Number);
  return `${ym}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * A range as its whole months (first days of the first and last, null when it holds none) and the day
 * ranges outside them at its ends (partial months).
 */
export function splitMonths(range: ReportRange): { months: { from: string; to: string } | null; edges: ReportRange[] } {
  const from = range.begin.endsWith('-01') ? range.begin : `${nextMonth(range.begin.slice(0, 7))}-01`;
  const lastFull = lastDayOfMonth(range.end.slice(0, 7)) === range.end ? range.end : dayBefore(`${range.end.slice(0, 7)}-01`);
  if (from > lastFull) return { months: null, edges: [range] };
  const edges: ReportRange[] = [];
  if (range.begin < from) edges.push({ begin: range.begin, end: dayBefore(from) });
  if (lastFull < range.end) edges.push({ begin: nextDay(lastFull), end: range.end });
  return { months: { from, to: `${lastFull.slice(0, 7)}-01` }, edges };
}

const monthBefore = (ym: string) => {
  const [y, m] = ym.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};

/** Whole months (their first days, from … to) as the whole calendar years among them and the months outside those. */
export function wholePeriods(months: { from: string; to: string }): WholePeriods {
  const firstYear = Number(months.from.slice(0, 4)) + (months.from.slice(5, 7) === '01' ? 0 : 1);
  const lastYear = Number(months.to.slice(0, 4)) - (months.to.slice(5, 7) === '12' ? 0 : 1);
  if (firstYear > lastYear) return { years: null, months: [months] };
  const spans: { from: string; to: string }[] = [];
  if (months.from < `${firstYear}-01-01`) spans.push({ from: months.from, to: `${monthBefore(`${firstYear}-01`)}-01` });
  if (months.to > `${lastYear}-12-01`) spans.push({ from: `${lastYear + 1}-01-01`, to: months.to });
  return { years: { from: `${firstYear}-01-01`, to: `${lastYear}-01-01` }, months: spans };
}

function nextMonth(ym: string): string {
  const [y, m] = ym.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

const numberOf = (v: unknown) => (v === null || v === undefined ? 0 : Math.round(Number(v) * 100) / 100);

export class ReportRunner {
  constructor(
    private readonly db: Kysely<any>,
    private readonly reader: RecordReader,
  ) {}

  /**
   * The report's rows: its range and condition, within the reader's row scope (tenant, data rules) and
   * without soft-deleted records — a report never counts what the same user's list would hide.
   */
  private async base(model: EntityModel, report: ReportDef, range: ReportRange) {
    const date = report.dateField;
    let query = (await this.reader.scoped(model)).where(date, '>=', range.begin).where(date, '<', nextDay(range.end));
    if (report.where) {
      const where = report.where;
      query = query.where((eb) => conditionSql(eb, where));
    }
    return query;
  }

  private measureColumns(report: ReportDef) {
    return report.measures.map((m) => measureSql(m).as(m.key));
  }

  private toMeasures(report: ReportDef, row: Record<string, unknown>): Record<string, number> {
    return Object.fromEntries(report.measures.map((m) => [m.key, numberOf(row[m.key])]));
  }

  /**
   * Whether the maintained summary answers for this reader: it keeps each row's tenant, department and
   * owner, so a reader limited by those is answered from it; a data rule on any other column (a custom
   * condition on the amount, say) is answered from a scan of the reader's own rows. So is every reader while an
   * import of the table is under way: the summary holds its pending rows already (pending-rows.ts).
   */
  private async fromSummaries(model: EntityModel, report: ReportDef): Promise<boolean> {
    return summarised(model, report) && !isPending(model.table) && summaryCovers(await this.reader.scope(model));
  }

  /** The report's totals over the range; `measures` narrows them (a distinct count alone reads its companion only). */
  async totals(model: EntityModel, full: ReportDef, range: ReportRange, measures?: string[]): Promise<Record<string, number>> {
    const report = measures ? { ...full, measures: full.measures.filter((m) => measures.includes(m.key)) } : full;
    if (await this.fromSummaries(model, full)) return (await this.fromSummary(model, full, report, [], range)).totals;
    const row = await (await this.base(model, report, range)).select(this.measureColumns(report)).executeTakeFirstOrThrow();
    return this.toMeasures(report, row);
  }

  /**
   * The groups and totals from the report's maintained summary (report-summaries.ts); distinct counts,
   * which a summary cannot add up, from its distinct-count companion (distinctCounts), or, when the
   * companion does not keep them, from a scan of the records asked for those measures only. `full` is
   * the declaration (the summary's columns follow its measure order), `report` the measures asked for.
   */
  private async fromSummary(model: EntityModel, full: ReportDef, report: ReportDef, dimensions: ReportDimension[], range: ReportRange) {
    const measureOf = (row: { n: number; s: Record<number, number>; c: Record<number, number> }) =>
      Object.fromEntries(
        report.measures
          .filter((m) => m.op !== 'countDistinct')
          .map((m) => {
            const i = full.measures.findIndex((x) => x.key === m.key);
            const value = m.op === 'count' ? row.n : m.op === 'sum' ? row.s[i] : row.c[i] ? row.s[i] / row.c[i] : 0;
            return [m.key, numberOf(value)];
          }),
      );
    const distinct = report.measures.filter((m) => m.op === 'countDistinct');
    const scanned = !distinct.length
      ? undefined
      : // A range holding no whole month has nothing to read from the companion: its records, as before.
        distinctKept(model, full) && splitMonths(range).months
        ? await this.distinctCounts(model, full, distinct, dimensions, range)
        : await this.scan(model, { ...report, measures: distinct }, dimensions, range);
    // Only distinct counts asked, and no groups: the distinct counts answer it all.
    if (!dimensions.length && !report.measures.some((m) => m.op !== 'countDistinct'))
      return { totals: { ...this.toMeasures(report, {}), ...scanned?.totals }, groups: [] };
    const scope = await this.reader.scope(model);
    const reads = [
      { dim: null, bucketLength: null },
      ...dimensions.map((d) => ({ dim: full.dimensions.findIndex((x) => x.key === d.key), bucketLength: d.bucket ? BUCKET_FORMAT[d.bucket].length : null })),
    ];
    const [[total], ...perDimension] = await readSummaries(this.db, model, full, reads, range, scope);
    const totals = { ...this.toMeasures(report, {}), ...(total ? measureOf(total) : {}), ...(scanned?.totals ?? {}) };
    const groups = perDimension.map((rows, k) => {
      const extra = new Map((scanned?.groups[k] ?? []).map((r) => [r.value, r]));
      return rows.map((r): ReportRow => ({ ...this.toMeasures(report, {}), ...(extra.get(r.value) ?? {}), ...measureOf(r), value: r.value, text: '' }));
    });
    return { totals, groups };
  }

  /**
   * Distinct counts (and per group of each dimension) from the report's companion table: its rows of the
   * range's whole months, with the records of the days of its partial months (at the range's ends, read by
   * the date index; the whole range when it holds no whole month), in one statement.
   */
  private async distinctCounts(model: EntityModel, full: ReportDef, distinct: ReportMeasure[], dimensions: ReportDimension[], range: ReportRange) {
    const { months, edges } = splitMonths(range);
    const edgeQueries = await Promise.all(edges.map((edge) => this.base(model, full, edge)));
    const reads = [null, ...dimensions.map((d) => full.dimensions.findIndex((x) => x.key === d.key))];
    const scope = await this.reader.scope(model);
    // splitMonths found whole months: distinctCounts is only asked for such a range.
    const [[total], ...perDimension] = await readDistinct(this.db, model, full, reads, wholePeriods(months!), edgeQueries, scope);
    const measuresOf = (row: { d: Record<number, number> } | undefined) =>
      Object.fromEntries(distinct.map((m) => [m.key, numberOf(row?.d[full.measures.findIndex((x) => x.key === m.key)] ?? 0)]));
    return {
      totals: measuresOf(total),
      groups: perDimension.map((rows) => rows.map((r): ReportRow => ({ value: r.value, text: '', ...measuresOf(r) }))),
    };
  }

  /**
   * Every dimension's groups and the totals from ONE scan of the range (GROUPING SETS): a report over a
   * year reads its rows once, not once per dimension. grouping(e) is 0 on the rows of the set grouped by e.
   */
  private async scan(model: EntityModel, report: ReportDef, dimensions: ReportDimension[], range: ReportRange) {
    const exprs = dimensions.map(groupSql);
    const rows = await (
      await this.base(model, report, range)
    )
      .select([...exprs.map((e, i) => e.as(`g${i}`)), ...exprs.map((e, i) => sql<number>`grouping(${e})`.as(`s${i}`)), ...this.measureColumns(report)])
      .groupBy(sql`grouping sets (${sql.join([...exprs.map((e) => sql`(${e})`), sql`()`])})`)
      .execute();
    const totalsRow = rows.find((r) => dimensions.every((_, i) => Number(r[`s${i}`]) === 1));
    const groups = dimensions.map((_, i) =>
      rows
        .filter((r) => Number(r[`s${i}`]) === 0)
        .map((r): ReportRow => ({ value: r[`g${i}`] === null ? null : String(r[`g${i}`]), text: '', ...this.toMeasures(report, r) })),
    );
    return { totals: this.toMeasures(report, totalsRow ?? {}), groups };
  }

  /** One dimension's rows in the report's order (periods in time order, others largest first), labelled. */
  private async finish(model: EntityModel, report: ReportDef, dimension: ReportDimension, range: ReportRange, found: ReportRow[]): Promise<ReportGroup> {
    if (dimension.bucket) return { ...this.head(dimension), rows: this.fillPeriods(report, dimension.bucket, range, found) };
    const first = report.measures[0].key;
    const rows = [...found]
      .sort((a, b) => Number(b[first]) - Number(a[first]) || String(a.value ?? '').localeCompare(String(b.value ?? '')))
      .slice(0, dimension.limit ?? found.length);
    // Dictionary texts and referenced records' labels, exactly as a list shows them (masked fields stay masked).
    const decorated = await this.reader.decorate(
      model,
      rows.map((r) => ({ [dimension.field]: r.value })),
    );
    rows.forEach((r, i) => {
      const text = decorated[i][`${dimension.field}_dictText`];
      r.text = r.value === null || r.value === '' ? EMPTY_GROUP : String(text || decorated[i][dimension.field] || r.value);
    });
    return { ...this.head(dimension), rows };
  }

  private head(d: ReportDimension) {
    return { key: d.key, label: d.label, chart: d.chart ?? (d.bucket ? 'bar' : 'pie') };
  }

  private fillPeriods(report: ReportDef, bucket: NonNullable<ReportDimension['bucket']>, range: ReportRange, rows: ReportRow[]): ReportRow[] {
    const byKey = new Map(rows.map((r) => [r.value, r]));
    const zero = Object.fromEntries(report.measures.map((m) => [m.key, 0]));
    return periodsOf(bucket, range).map((p) => ({ ...(byKey.get(p) ?? { ...zero, value: p }), value: p, text: p }) as ReportRow);
  }

  /**
   * The whole report, or only the dimensions named in `only` (unknown keys are refused); `measures` narrows
   * the measures (distinct counts per group are the expensive part, and the dashboard needs them only in total).
   */
  async run(model: EntityModel, full: ReportDef, range: ReportRange, only?: string[], measures?: string[]): Promise<ReportResult> {
    const unknown = only?.find((k) => !full.dimensions.some((d) => d.key === k));
    if (unknown) throw badRequest(`报表没有维度：${unknown}`);
    const report = measures ? { ...full, measures: full.measures.filter((m) => measures.includes(m.key)) } : full;
    const dimensions = only ? report.dimensions.filter((d) => only.includes(d.key)) : report.dimensions;
    const { totals, groups: found } = (await this.fromSummaries(model, full))
      ? await this.fromSummary(model, full, report, dimensions, range)
      : await this.scan(model, report, dimensions, range);
    const groups: ReportGroup[] = [];
    for (const [i, d] of dimensions.entries()) groups.push(await this.finish(model, report, d, range, found[i]));
    return {
      code: report.code,
      title: report.title,
      ...range,
      measures: report.measures.map((m) => ({ key: m.key, label: m.label, ...(m.render ? { render: m.render } : {}) })),
      totals,
      groups,
    };
  }
}
