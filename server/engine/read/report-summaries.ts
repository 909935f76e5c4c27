import { createHash } from 'node:crypto';
import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { evaluateCondition } from '../../../src/core/schema/condition.ts';
import type { ReportDef, ReportDimension } from '../../../src/core/schema/types.generated.ts';
import type { RowChange } from '../write/aggregates.ts';
import { conditionSql } from '../schema/condition.ts';
import { columnOf, type EntityModel } from '../schema/model.ts';
import type { Registry } from '../schema/registry.ts';
import { applyScope, type RowScope } from '../scope/row-scope.ts';
import { negated, numericSum } from '../../db/numeric-sum.ts';
import { unnested } from '../../db/unnest-rows.ts';

/*
 * Maintained summaries of the declared reports, so a report or the dashboard reads a few hundred rows
 * per dimension instead of scanning every record of the range. One table per report (name derived from
 * entity table + report code, never from a request), one row per (dimension, day, group value) holding
 * the number of records and, per summed/averaged measure, the sum (and the count of non-empty values for
 * an average). It is written inside each write's transaction by delta upserts (INSERT … ON CONFLICT DO
 * UPDATE n = n + excluded.n: concurrent writers add up instead of overwriting), and rebuilt from the
 * records at sync when it is new or the report's definition changed.
 *
 * Each row also carries the scope a reader's rows are limited by — tenant, owning department, owner
 * (SCOPE_COLUMNS) — so a reader of one tenant, or with 本部门 / 本人 data rules, is answered from the
 * summary too: the reader's scope becomes conditions on those columns (summaryCovers tells when it can).
 *
 * Distinct counts (捐赠人数) cannot be added up across days or groups: they have a companion table per
 * report (distinctTable), one row per (measure, dimension, MONTH, group value, scope, distinct value)
 * holding the number of records behind it, kept by the same delta upserts (a row reaching 0 is deleted)
 * and rebuilt with the summary. A range's count is count(distinct value) over the rows of its whole
 * months, united with the records of its partial edge months' days (see ReportRunner); its size is
 * months × groups × distinct values per month, not the number of records.
 */

const META_PREFIX = 'report_summary:';
const DAY = 'YYYY-MM-DD';

/** The summary table of one report. */
export const summaryTable = (model: EntityModel, report: ReportDef) =>
  `rsum_${createHash('sha1').update(`${model.table}/${report.code}`).digest('hex').slice(0, 12)}`;

/**
 * Whether a report can be answered from a summary: a decimal dimension would need its text form kept
 * identical between JS and SQL (80.5 vs 80.50); such a report keeps scanning.
 */
export function summarised(model: EntityModel, report: ReportDef): boolean {
  return report.dimensions.every((d) => d.bucket || columnOf(model, d.field)?.type !== 'decimal');
}

/**
 * The audit columns a reader's row scope names (row-scope.ts): the tenant, and the columns data rules
 * limit by in practice (本部门: sys_org_code, 本人: create_by). Kept in the summary as '' / 0 for none:
 * the primary key cannot hold nulls, so a rule comparing with '' also meets rows without a value.
 */
export const SCOPE_COLUMNS = ['tenant_id', 'sys_org_code', 'create_by'] as const;
/** A row's scope column as a summary keeps it; `rows` names the table (a trigger's transition table, say). */
export const scopeValueSql = (column: string, rows?: string): RawBuilder<unknown> => {
  const ref = sql.ref(rows ? `${rows}.${column}` : column);
  return column === 'tenant_id' ? sql`coalesce(${ref}, 0)` : sql`coalesce(${ref}, '')`;
};
const scopeValueOf = (column: string, row: Record<string, unknown>): string | number =>
  column === 'tenant_id' ? Number(row[column] ?? 0) : String(row[column] ?? '');

/** Whether the summary can answer for a reader of this scope: every data rule names a scope column. */
export const summaryCovers = (scope: RowScope | undefined): boolean =>
  !scope?.anyOf || scope.anyOf.every((group) => group.every((f) => (SCOPE_COLUMNS as readonly string[]).includes(f.column)));

/** Everything of the definition the summary's content depends on: any change rebuilds it. */
const fingerprint = (model: EntityModel, report: ReportDef) =>
  JSON.stringify([
    model.table,
    report.dateField,
    report.where ?? null,
    report.dimensions.map((d) => [d.field, d.bucket ?? null]),
    report.measures.map((m) => [m.op, m.field ?? null]),
    SCOPE_COLUMNS,
    // the distinct-count companion (its layout): a database summarised before it had one builds it
    distinctKept(model, report) ? 'distinct:month,year' : null,
  ]);

/** The companion table of a report's distinct counts (distinct values per month, group and scope). */
export const distinctTable = (model: EntityModel, report: ReportDef) => summaryTable(model, report).replace(/^rsum_/, 'rdst_');

/** Types whose text is the same in JS and in SQL (`::text`), so a write's delta and a rebuild agree on a value. */
const DISTINCT_TYPES = new Set(['string', 'text', 'integer']);

/** The report's distinct measures with their index in the declaration (the companion table's `m`). */
export const distinctMeasures = (report: ReportDef) => report.measures.map((m, i) => ({ m, i })).filter(({ m }) => m.op === 'countDistinct');

/**
 * Whether the report's distinct counts are kept (the summary is, and every distinct field is of a type
 * whose text JS and SQL agree on); otherwise they are answered by a scan, as before.
 */
export function distinctKept(model: EntityModel, report: ReportDef): boolean {
  const measures = distinctMeasures(report);
  return !!measures.length && summarised(model, report) && measures.every(({ m }) => DISTINCT_TYPES.has(columnOf(model, m.field!)?.type ?? ''));
}

/** A bucketed date's text per bucket (to_char's format; its length cuts a day to its bucket). */
export const BUCKET_FORMAT = { day: 'YYYY-MM-DD', month: 'YYYY-MM', year: 'YYYY' } as const;

/** A dimension's group in the companion table: like the summary's, but a bucketed date cut to its bucket. */
export const distinctGroupSql = (d: ReportDimension): RawBuilder<string> =>
  d.bucket ? sql`coalesce('=' || to_char(${sql.ref(d.field)}, ${sql.lit(BUCKET_FORMAT[d.bucket])}), '')` : sql`coalesce('=' || ${sql.ref(d.field)}::text, '')`;
const distinctGroupOf = (d: ReportDimension, row: Record<string, unknown>): string => {
  const key = groupKeyOf(d, row);
  return d.bucket && key ? key.slice(0, 1 + BUCKET_FORMAT[d.bucket].length) : key;
};

/**
 * A companion row of a calendar YEAR: the same cells as a month's, its dimension's index + YEAR_DIM and the
 * year's first day in `month` — a whole year then reads one row per group and value, not twelve.
 */
export const YEAR_DIM = 100;
/** The periods each cell is kept for: SQL's `date_trunc` unit, the dimension offset, a date's first day of it. */
const PERIODS = [
  { unit: 'month', offset: 0, first: (date: string) => `${date.slice(0, 7)}-01` },
  { unit: 'year', offset: YEAR_DIM, first: (date: string) => `${date.slice(0, 4)}-01-01` },
] as const;

/** The key of a companion row; `n` is its number of records. */
const DISTINCT_KEY = ['m', 'dim', 'month', 'value_key', ...SCOPE_COLUMNS, 'v'];
/** Those columns with their types (SCOPE_COLUMNS: tenant_id, sys_org_code, create_by). */
const DISTINCT_KEY_TYPED = (['smallint', 'smallint', 'date', 'text', 'integer', 'text', 'text', 'text'] as const).map(
  (type, c) => [DISTINCT_KEY[c], type] as const,
);

async function createDistinct(db: Kysely<any>, table: string): Promise<void> {
  await db.schema
    .createTable(table)
    .addColumn('m', 'smallint', (c) => c.notNull())
    .addColumn('dim', 'smallint', (c) => c.notNull())
    .addColumn('month', 'date', (c) => c.notNull())
    // Byte order ("C"): the index and count(distinct) sort these by bytes, not by the locale's rules (several times cheaper).
    .addColumn('value_key', sql`text collate "C"`, (c) => c.notNull())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sys_org_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('create_by', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('v', sql`text collate "C"`, (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint(`${table}_pk`, DISTINCT_KEY as any)
    .execute();
}

/** Fills an empty companion table from the records: one grouped insert per distinct measure and dimension. */
async function fillDistinct(db: Kysely<any>, model: EntityModel, report: ReportDef, table: string): Promise<void> {
  for (const { m, i } of distinctMeasures(report)) {
    for (const [index, d] of report.dimensions.entries())
      for (const { unit, offset } of PERIODS) {
        let select = db
          .selectFrom(model.table)
          .select([
            sql`${i}::smallint`.as('m'),
            sql`${index + offset}::smallint`.as('dim'),
            sql`date_trunc(${unit}, ${sql.ref(report.dateField)})::date`.as('month'),
            distinctGroupSql(d).as('value_key'),
            ...SCOPE_COLUMNS.map((c) => scopeValueSql(c).as(c)),
            sql`${sql.ref(m.field!)}::text`.as('v'),
            sql`count(*)`.as('n'),
          ])
          .where(report.dateField, 'is not', null)
          .where(m.field!, 'is not', null)
          .groupBy(DISTINCT_KEY.map((_, k) => sql.raw(String(k + 1))));
        if (report.where) {
          const where = report.where;
          select = select.where((eb) => conditionSql(eb, where));
        }
        await db
          .insertInto(table)
          .columns([...DISTINCT_KEY, 'n'])
          .expression(select)
          .execute();
      }
  }
}

/** The group of a row: a bucketed date is kept by day and bucketed at query time; '' is "no value". */
const groupKeySql = (d: ReportDimension): RawBuilder<string> =>
  d.bucket ? sql`coalesce('=' || to_char(${sql.ref(d.field)}, ${sql.lit(DAY)}), '')` : sql`coalesce('=' || ${sql.ref(d.field)}::text, '')`;

function groupKeyOf(d: ReportDimension, row: Record<string, unknown>): string {
  const v = row[d.field];
  if (v === null || v === undefined) return '';
  return `=${d.bucket ? String(v).slice(0, 10) : typeof v === 'object' ? JSON.stringify(v) : String(v)}`;
}

/** Measure i's columns: s<i> (sum) for sum and avg, c<i> (non-empty values) for avg; counts use n. */
const summedMeasures = (report: ReportDef) => report.measures.map((m, i) => ({ m, i })).filter(({ m }) => m.op === 'sum' || m.op === 'avg');

/** A summary row's key after dim: the day, the group, the scope. */
const KEY_COLUMNS = ['day', 'value_key', ...SCOPE_COLUMNS];
/** Every column of a summary table, key first, then the counters. */
const summaryColumns = (report: ReportDef) => [
  'dim',
  ...KEY_COLUMNS,
  'n',
  ...summedMeasures(report).flatMap(({ m, i }) => (m.op === 'avg' ? [`s${i}`, `c${i}`] : [`s${i}`])),
];

async function createSummary(db: Kysely<any>, table: string, report: ReportDef): Promise<void> {
  let create = db.schema
    .createTable(table)
    .addColumn('dim', 'smallint', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('value_key', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sys_org_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('create_by', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('n', 'bigint', (c) => c.notNull().defaultTo(0));
  for (const { m, i } of summedMeasures(report)) {
    create = create.addColumn(`s${i}`, 'numeric', (c) => c.notNull().defaultTo(0));
    if (m.op === 'avg') create = create.addColumn(`c${i}`, 'bigint', (c) => c.notNull().defaultTo(0));
  }
  await create.addPrimaryKeyConstraint(`${table}_pk`, ['dim', 'day', 'value_key', ...SCOPE_COLUMNS]).execute();
}

/** Fills an empty summary from the records: one grouped insert per dimension. */
async function fillSummary(db: Kysely<any>, model: EntityModel, report: ReportDef, table: string): Promise<void> {
  const summed = summedMeasures(report);
  const columns = summaryColumns(report);
  for (const [index, d] of report.dimensions.entries()) {
    const values = summed.flatMap(({ m, i }) => {
      const sum = sql`coalesce(sum(${sql.ref(m.field!)}), 0)`.as(`s${i}`);
      return m.op === 'avg' ? [sum, sql`count(${sql.ref(m.field!)})`.as(`c${i}`)] : [sum];
    });
    let select = db
      .selectFrom(model.table)
      .select([
        sql`${index}::smallint`.as('dim'),
        sql`(${sql.ref(report.dateField)})::date`.as('day'),
        groupKeySql(d).as('value_key'),
        ...SCOPE_COLUMNS.map((c) => scopeValueSql(c).as(c)),
        sql`count(*)`.as('n'),
        ...values,
      ])
      .where(report.dateField, 'is not', null)
      .groupBy(KEY_COLUMNS.map((_, i) => sql.raw(String(i + 2))));
    if (report.where) {
      const where = report.where;
      select = select.where((eb) => conditionSql(eb, where));
    }
    await db.insertInto(table).columns(columns).expression(select).execute();
  }
}

/** Drops and rebuilds one report's summary from the records (sync, and after a bulk load). */
export async function rebuildSummary(db: Kysely<any>, model: EntityModel, report: ReportDef): Promise<void> {
  const table = summaryTable(model, report);
  await db.schema.dropTable(table).ifExists().execute();
  await createSummary(db, table, report);
  await fillSummary(db, model, report, table);
  const distinct = distinctTable(model, report);
  await db.schema.dropTable(distinct).ifExists().execute();
  if (distinctKept(model, report)) {
    await createDistinct(db, distinct);
    await fillDistinct(db, model, report, distinct);
    // Its statistics now (the embedded database runs no autovacuum): the planner then reads it by its key.
    await sql`analyze ${sql.table(distinct)}`.execute(db);
  }
  const value = fingerprint(model, report);
  const key = `${META_PREFIX}${table}`;
  await db
    .insertInto('sys_meta')
    .values({ key, value })
    .onConflict((oc: any) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** At sync (in its transaction): builds the summaries that are new or whose report definition changed. */
export async function syncReportSummaries(db: Kysely<any>, registry: Registry, force = false): Promise<void> {
  const stored = new Map(
    (await db.selectFrom('sys_meta').select(['key', 'value']).where('key', 'like', `${META_PREFIX}%`).execute()).map((r: any) => [
      String(r.key),
      String(r.value),
    ]),
  );
  for (const model of registry.all()) {
    for (const report of model.doc.reports ?? []) {
      if (!summarised(model, report)) continue;
      const table = summaryTable(model, report);
      if (!force && stored.get(`${META_PREFIX}${table}`) === fingerprint(model, report)) continue;
      await rebuildSummary(db, model, report);
    }
  }
}

/** What a row brings to a report, as text to compare the two sides of an edit. */
const contributionOf = (report: ReportDef, row: Record<string, unknown>) =>
  evaluateCondition(report.where, row)
    ? JSON.stringify([
        String(row[report.dateField] ?? '').slice(0, 10),
        report.dimensions.map((d) => groupKeyOf(d, row)),
        report.measures.map((m) => (m.field ? (row[m.field] ?? null) : null)),
      ])
    : '';

interface Cell {
  dim: number;
  day: string;
  key: string;
  scope: (string | number)[];
  n: number;
  /** per summed measure index: the signed decimal texts to add */
  sums: Map<number, string[]>;
  counts: Map<number, number>;
}

const CELLS_PER_STATEMENT = 1000;

/**
 * The write's effect on each summary of its entity: what `after` adds minus what `before` added, per
 * (dimension, day, group), as multi-row upserts (one per report for a form's write). A change that moves nothing (an edit of
 * the message) writes nothing. `before`/`after` are whole rows (the writer loads them).
 */
export async function applySummaries(db: Kysely<any>, model: EntityModel, changes: RowChange[]): Promise<void> {
  for (const report of model.doc.reports ?? []) {
    if (!summarised(model, report)) continue;
    if (distinctKept(model, report)) await applyDistinct(db, model, report, changes);
    const summed = summedMeasures(report);
    const cells = new Map<string, Cell>();
    const add = (row: Record<string, unknown> | undefined, sign: 1 | -1) => {
      if (!row || !evaluateCondition(report.where, row)) return;
      const date = row[report.dateField];
      if (date === null || date === undefined || date === '') return;
      const day = String(date).slice(0, 10);
      const scope = SCOPE_COLUMNS.map((c) => scopeValueOf(c, row));
      for (const [dim, d] of report.dimensions.entries()) {
        const key = groupKeyOf(d, row);
        const id = JSON.stringify([dim, day, key, scope]);
        const cell = cells.get(id) ?? { dim, day, key, scope, n: 0, sums: new Map(), counts: new Map() };
        cells.set(id, cell);
        cell.n += sign;
        for (const { m, i } of summed) {
          const v = row[m.field!];
          if (v === null || v === undefined || v === '') continue;
          const terms = cell.sums.get(i) ?? [];
          terms.push(sign > 0 ? String(v) : negated(String(v)));
          cell.sums.set(i, terms);
          cell.counts.set(i, (cell.counts.get(i) ?? 0) + sign);
        }
      }
    };
    for (const { before, after } of changes) {
      // An edit leaving the row's part in the report as it was (its message, say) writes nothing.
      if (before && after && contributionOf(report, before) === contributionOf(report, after)) continue;
      add(before, -1);
      add(after, 1);
    }
    const moved = [...cells.entries()]
      .filter(([, c]) => c.n !== 0 || [...c.counts.values()].some((v) => v !== 0) || [...c.sums.values()].some((t) => t.length))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, c]) => c);
    if (!moved.length) continue;
    const table = summaryTable(model, report);
    const columns = summaryColumns(report);
    const rows = moved.map((c) => {
      const scope = c.scope.map((v) => (typeof v === 'number' ? sql`${v}::integer` : sql`${v}`));
      const values: RawBuilder<unknown>[] = [sql`${c.dim}::smallint`, sql`cast(${c.day} as date)`, sql`${c.key}`, ...scope, sql`${c.n}::bigint`];
      for (const { m, i } of summed) {
        values.push(numericSum(c.sums.get(i) ?? []));
        if (m.op === 'avg') values.push(sql`${c.counts.get(i) ?? 0}::bigint`);
      }
      return sql`(${sql.join(values)})`;
    });
    const counters = columns.slice(1 + KEY_COLUMNS.length);
    const updates = counters.map((col) => sql`${sql.ref(col)} = ${sql.table(table)}.${sql.ref(col)} + excluded.${sql.ref(col)}`);
    // Cells in chunks: an import's rows can make tens of thousands, and a statement binds at most 65,535 values.
    for (let start = 0; start < rows.length; start += CELLS_PER_STATEMENT)
      await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) values ${sql.join(rows.slice(start, start + CELLS_PER_STATEMENT))}
              on conflict (${sql.join(['dim', ...KEY_COLUMNS].map((c) => sql.ref(c)))}) do update set ${sql.join(updates)}`.execute(db);
  }
}

/** What a row brings to a report's distinct counts, as text to compare the two sides of an edit. */
const distinctPartOf = (report: ReportDef, row: Record<string, unknown>) =>
  evaluateCondition(report.where, row)
    ? JSON.stringify([
        String(row[report.dateField] ?? '').slice(0, 7),
        report.dimensions.map((d) => distinctGroupOf(d, row)),
        distinctMeasures(report).map(({ m }) => row[m.field!] ?? null),
        SCOPE_COLUMNS.map((c) => scopeValueOf(c, row)),
      ])
    : '';

/**
 * The write's effect on the report's distinct-count companion: +1 record for each (measure, dimension,
 * month, group, scope, value) `after` counts in, -1 for each `before` counted in, as upserts adding up
 * (concurrent writers queue on the row); rows left at no record are deleted in the same transaction.
 */
async function applyDistinct(db: Kysely<any>, model: EntityModel, report: ReportDef, changes: RowChange[]): Promise<void> {
  const measures = distinctMeasures(report);
  const cells = new Map<string, { key: (string | number)[]; n: number }>();
  const add = (row: Record<string, unknown> | undefined, sign: 1 | -1) => {
    if (!row || !evaluateCondition(report.where, row)) return;
    const date = row[report.dateField];
    if (date === null || date === undefined || date === '') return;
    const scope = SCOPE_COLUMNS.map((c) => scopeValueOf(c, row));
    for (const { m, i } of measures) {
      const v = row[m.field!];
      if (v === null || v === undefined) continue;
      for (const [dim, d] of report.dimensions.entries()) {
        for (const { offset, first } of PERIODS) {
          const key = [i, dim + offset, first(String(date)), distinctGroupOf(d, row), ...scope, String(v)];
          const id = JSON.stringify(key);
          const cell = cells.get(id) ?? { key, n: 0 };
          cells.set(id, cell);
          cell.n += sign;
        }
      }
    }
  };
  for (const { before, after } of changes) {
    if (before && after && distinctPartOf(report, before) === distinctPartOf(report, after)) continue;
    add(before, -1);
    add(after, 1);
  }
  const moved = [...cells.entries()]
    .filter(([, c]) => c.n !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, c]) => c);
  if (!moved.length) return;
  const table = distinctTable(model, report);
  const keyColumns = sql.join(DISTINCT_KEY.map((c) => sql.ref(c)));
  const keys = (cells: typeof moved) =>
    sql`select * from ${unnested(
      DISTINCT_KEY_TYPED,
      cells.map((c) => c.key),
    )}`;
  await sql`insert into ${sql.table(table)} (${keyColumns}, n)
            select * from ${unnested(
              [...DISTINCT_KEY_TYPED, ['n', 'bigint']],
              moved.map((c) => [...c.key, c.n]),
            )}
            on conflict (${keyColumns}) do update set n = ${sql.table(table)}.n + excluded.n`.execute(db);
  const fallen = moved.filter((c) => c.n < 0);
  if (fallen.length) await sql`delete from ${sql.table(table)} where n <= 0 and (${keyColumns}) in (${keys(fallen)})`.execute(db);
}

/** One read of a summary: the totals (dim null) or one dimension's groups (a period dimension cut to its bucket). */
export interface SummaryRead {
  dim: number | null;
  bucketLength: number | null;
}

export type SummaryRow = { value: string | null; n: number; s: Record<number, number>; c: Record<number, number> };

/**
 * The groups of several reads of the report's summary in ONE statement (UNION ALL, each part tagged), so a
 * report's totals and all its dimensions cost one round trip: the answer lists the rows of each read in order.
 */
export async function readSummaries(
  db: Kysely<any>,
  model: EntityModel,
  report: ReportDef,
  reads: SummaryRead[],
  range: { begin: string; end: string },
  scope: RowScope | undefined,
): Promise<SummaryRow[][]> {
  if (!reads.length) return [];
  const table = summaryTable(model, report);
  const summed = summedMeasures(report);
  const part = ({ dim, bucketLength }: SummaryRead, k: number) => {
    // Totals read dimension 0 (every counted record is in exactly one of its groups).
    const group = dim === null ? sql`''` : bucketLength ? sql`substr(value_key, 1, ${sql.lit(bucketLength + 1)})` : sql`value_key`;
    // The reader's tenants and data rules, on the summary's scope columns (summaryCovers said they are all there).
    return applyScope(db.selectFrom(table), scope)
      .select([
        group.as('g'),
        sql`sum(n)`.as('n'),
        ...summed.flatMap(({ m, i }) => [sql`sum(${sql.ref(`s${i}`)})`.as(`s${i}`), ...(m.op === 'avg' ? [sql`sum(${sql.ref(`c${i}`)})`.as(`c${i}`)] : [])]),
        sql.lit(k).as('k'),
      ])
      .where('dim', '=', dim ?? 0)
      .where('day', '>=', range.begin)
      .where('day', '<=', range.end)
      .groupBy(sql`1`)
      .having(sql`sum(n)`, '>', 0);
  };
  const query = reads.slice(1).reduce((q, read, j) => q.unionAll(part(read, j + 1)), part(reads[0], 0));
  const rows = await query.execute();
  const answer: SummaryRow[][] = reads.map(() => []);
  for (const r of rows as any[]) {
    answer[Number(r.k)].push({
      value: r.g === '' ? null : String(r.g).slice(1),
      n: Number(r.n),
      s: Object.fromEntries(summed.map(({ i }) => [i, Number(r[`s${i}`] ?? 0)])),
      c: Object.fromEntries(summed.map(({ i }) => [i, Number(r[`c${i}`] ?? 0)])),
    });
  }
  return answer;
}

/**
 * The whole calendar years of a range (their first days, read from the year rows) and its whole months outside
 * them (at most two spans of first days, read from the month rows).
 */
export interface WholePeriods {
  years: { from: string; to: string } | null;
  months: { from: string; to: string }[];
}

/** One distinct-count group of a read: its value (null: no value) and the count per distinct measure index. */
export type DistinctRow = { value: string | null; d: Record<number, number> };

/**
 * Distinct counts of several reads (the totals when `dim` is null, else one dimension's groups) in ONE
 * statement: the number of distinct values over the companion rows of the range's whole months (under the
 * reader's scope) united with the values of the records of its partial months (`edges`: the reader's
 * scoped records of those days, built by the caller, read once).
 */
export async function readDistinct(
  db: Kysely<any>,
  model: EntityModel,
  report: ReportDef,
  reads: (number | null)[],
  whole: WholePeriods,
  edges: SelectQueryBuilder<any, any, any>[],
  scope: RowScope | undefined,
): Promise<DistinctRow[][]> {
  const table = distinctTable(model, report);
  const measures = distinctMeasures(report);
  const parts: RawBuilder<unknown>[] = [];
  const spans = [...(whole.years ? [{ ...whole.years, offset: YEAR_DIM }] : []), ...whole.months.map((m) => ({ ...m, offset: 0 }))];
  for (const [k, dim] of reads.entries()) {
    for (const { i } of measures) {
      for (const span of spans) {
        const group = dim === null ? sql`''` : sql`value_key`;
        const kept = applyScope(db.selectFrom(table), scope)
          .select([sql.lit(k).as('k'), sql.lit(i).as('m'), group.as('g'), 'v'])
          .where('m', '=', i)
          .where('dim', '=', (dim ?? 0) + span.offset)
          .where('month', '>=', span.from)
          .where('month', '<=', span.to);
        parts.push(sql`${kept}`);
      }
      if (edges.length)
        parts.push(sql`select ${sql.lit(k)} as k, ${sql.lit(i)} as m, ${dim === null ? sql`''` : sql.ref(`g${dim}`)} as g, ${sql.ref(`v${i}`)} as v
                       from edge where ${sql.ref(`v${i}`)} is not null`);
    }
  }
  if (!parts.length) return reads.map(() => []);
  const edgeRows = edges.map(
    (q) =>
      sql`${q
        .clearSelect()
        .select([
          ...report.dimensions.map((d, x) => sql`(${distinctGroupSql(d)}) collate "C"`.as(`g${x}`)),
          ...measures.map(({ m, i }) => sql`${sql.ref(m.field!)}::text collate "C"`.as(`v${i}`)),
        ])}`,
  );
  // select distinct, then count: hashed, several times cheaper here than count(distinct v)'s sort per group.
  const counted = sql`select k, m, g, count(*) as d from (select distinct k, m, g, v from (${sql.join(parts, sql` union all `)}) u) x group by k, m, g`;
  const query = edges.length ? sql`with edge as (${sql.join(edgeRows, sql` union all `)}) ${counted}` : counted;
  const { rows } = await query.execute(db);
  const answer = reads.map(() => new Map<string, DistinctRow>());
  for (const r of rows as any[]) {
    const byGroup = answer[Number(r.k)];
    const g = String(r.g);
    const row = byGroup.get(g) ?? { value: g === '' ? null : g.slice(1), d: {} };
    byGroup.set(g, row);
    row.d[Number(r.m)] = Number(r.d);
  }
  return answer.map((m) => [...m.values()]);
}
