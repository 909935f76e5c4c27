import { enterReportWall, reportWallBuilt } from '../../engine/schema/report-wall.ts';
import { withStatementTimeout } from '../../db/pglite-thread.ts';
import { type Compilable, CompiledQuery, type Kysely, type RawBuilder, sql } from 'kysely';
import { type Group, type Grouping, groupedSelect, groupsOf } from '../../engine/read/grouping.ts';
import type { Filter as RuleFilter } from '../../engine/read/query.ts';
import { applyScope, ruleVariables } from '../../engine/scope/row-scope.ts';
import type { Session } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import { ApiError, badRequest } from '../../http/envelope.ts';
import { escapeLike } from '../../engine/schema/like.ts';
import type { ReportDefinition, ReportItem } from './definitions.ts';
import { bindReportSql } from './sql-template.ts';

/*
 * getData: the report's statement wrapped as a sub-query, filtered, sorted and paged from outside. Only
 * columns the definition lists can be filtered or sorted on, every request value is a bound parameter,
 * and the whole thing runs in a read-only transaction, so even a statement that tries to write cannot.
 */

type Query = Record<string, unknown>;
type Op = 'eq' | 'like' | 'gte' | 'lte';

export interface Filter {
  item: ReportItem;
  op: Op;
  value: string | number;
}

export interface DataRequest {
  params: Record<string, string | null>;
  filters: Filter[];
  pageNo: number;
  pageSize: number;
  sort?: { column: string; order: 'asc' | 'desc' };
}

export const MAX_PAGE_SIZE = 200;
const MAX_VALUE = 200;
const PATTERNS: Record<ReportItem['type'], RegExp> = {
  string: /^[\s\S]*$/,
  integer: /^-?\d{1,15}$/,
  number: /^-?\d{1,15}(\.\d{1,10})?$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  datetime: /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/,
};

/** A request value, with empty strings counting as absent (the client drops them too). */
function given(q: Query, key: string): string | undefined {
  const raw = Array.isArray(q[key]) ? (q[key] as unknown[])[0] : q[key];
  if (raw === undefined || raw === null) return undefined;
  const value = String(raw).trim();
  if (value === '') return undefined;
  if (value.length > MAX_VALUE) throw badRequest(`查询参数过长: ${key.slice(0, 64)}`);
  return value;
}

function typed(item: ReportItem, raw: string, bound: 'begin' | 'end' | 'one'): string | number {
  if (!PATTERNS[item.type].test(raw)) throw badRequest(`查询条件格式不正确: ${item.title}`);
  if (item.type === 'integer' || item.type === 'number') return Number(raw);
  // A day as the end of a date-time range means up to the end of that day.
  if (item.type === 'datetime' && bound === 'end' && raw.length === 10) return `${raw} 23:59:59`;
  return raw;
}

function pageNumber(q: Query, key: string, fallback: number, max: number): number {
  const raw = given(q, key);
  if (raw === undefined) return fallback;
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1 || Number(raw) > max) throw badRequest(`分页参数不正确: ${key}`);
  return Number(raw);
}

/** Reads filters, parameters, paging and sorting from a getData request; anything unknown is refused or ignored, never passed on. */
export function parseDataRequest(def: ReportDefinition, q: Query): DataRequest {
  const params: Record<string, string | null> = {};
  for (const p of def.params) params[p.name] = given(q, p.name) ?? p.defaultValue ?? null;
  const filters: Filter[] = [];
  for (const item of def.items.filter((i) => i.search)) {
    if (item.range) {
      const begin = given(q, `${item.name}_begin`);
      const end = given(q, `${item.name}_end`);
      if (begin !== undefined) filters.push({ item, op: 'gte', value: typed(item, begin, 'begin') });
      if (end !== undefined) filters.push({ item, op: 'lte', value: typed(item, end, 'end') });
      continue;
    }
    const value = given(q, item.name);
    if (value === undefined) continue;
    // Free text is a contains search (JeecgBoot's *x* spelling is accepted); a dictionary value must match.
    if (item.type === 'string' && !item.dict) filters.push({ item, op: 'like', value: value.replace(/^\*|\*$/g, '') });
    else filters.push({ item, op: 'eq', value: typed(item, value, 'one') });
  }
  const column = given(q, 'column');
  const order = given(q, 'order') ?? 'asc';
  if (order !== 'asc' && order !== 'desc') throw badRequest('排序方式只能是 asc 或 desc');
  if (column !== undefined && !def.items.some((i) => i.name === column)) throw badRequest(`排序字段不存在: ${column.slice(0, 64)}`);
  return {
    params,
    filters,
    pageNo: pageNumber(q, 'pageNo', 1, 1_000_000),
    pageSize: pageNumber(q, 'pageSize', 10, MAX_PAGE_SIZE),
    sort: column ? { column, order } : undefined,
  };
}

function filterSql(filters: Filter[]): RawBuilder<boolean> {
  if (!filters.length) return sql<boolean>`true`;
  const parts = filters.map(({ item, op, value }) => {
    const ref = sql.ref(`t.${item.name}`);
    switch (op) {
      case 'like':
        return sql`${ref}::text ilike ${`%${escapeLike(String(value))}%`}`;
      case 'eq':
        return item.type === 'string' ? sql`${ref}::text = ${value}` : sql`${ref} = ${value}`;
      case 'gte':
        return sql`${ref} >= ${value}`;
      case 'lte':
        return sql`${ref} <= ${value}`;
    }
  });
  return sql<boolean>`${sql.join(parts, sql` and `)}`;
}

const READ_ONLY_VIOLATION = '25006';
const UNDEFINED_COLUMN = '42703';
const QUERY_CANCELED = '57014';

/** Who reads: what the engine adds around the administrator's SQL, none of it from the request. */
export interface ReportReader {
  /** The tenants whose rows the report role sees (undefined: every tenant, a single-tenant install). */
  tenants: number[] | undefined;
  /** The user's system variables, bound where the SQL writes #{name}. */
  variables: Record<string, string>;
  /** The data rules of the report's scope screen (row-scope.ts), applied to its result rows; undefined: none. */
  rules: RuleFilter[][] | undefined;
  /**
   * How long each of the report's statements may run (REPORT_TIMEOUT_MS): cancelled past it, by statement_timeout
   * on PostgreSQL and on the embedded database by stopping its worker thread (pglite-thread.ts).
   */
  timeoutMs: number;
  /**
   * The planner's cost above which the report is refused before it runs: set on the embedded database, whose
   * one connection a report holds while it runs (every other request's statements wait for it, up to the time
   * limit); undefined on PostgreSQL, where other requests use other connections.
   */
  maxCost?: number;
}

/**
 * About 25 s of work on the embedded database (a cost unit is a page read or a hundred rows handled:
 * a scan of 1M donations costs about 40,000 and takes about 0.2 s).
 */
export const EMBEDDED_MAX_COST = 5_000_000;

/** The reader of a report for a session: its tenants, variables and the scope screen's data rules. */
export async function reportReader(ctx: AppContext, session: Session, def: ReportDefinition): Promise<ReportReader> {
  const access = ctx.runtime.access;
  const screen = def.scope ? ctx.runtime.registry.find(def.scope) : undefined;
  // A scope naming no screen fails closed: the rules it stood for cannot be told.
  if (def.scope && !screen) throw new ApiError(500, `报表【${def.name}】的数据范围【${def.scope}】不存在，请联系管理员`);
  return {
    tenants: await access.visibleTenants(session),
    variables: ruleVariables(session.user),
    rules: screen ? (await access.scope(session, screen)).anyOf : undefined,
    timeoutMs: ctx.config.reportTimeoutMs,
    maxCost: ctx.config.databaseUrl ? undefined : EMBEDDED_MAX_COST,
  };
}

/** The planner's total cost of a statement (EXPLAIN plans it, nothing runs). */
async function plannedCost(trx: Kysely<any>, query: CompiledQuery): Promise<number> {
  const { rows } = await trx.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]));
  const raw = rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Total Cost'?: number } }[];
  return Number(plan?.[0]?.Plan?.['Total Cost'] ?? 0);
}

type Rows = ReturnType<typeof scopedRows>;

/** The report's result rows within the reader's scope and the request's filters, as `t`. */
function scopedRows(trx: Kysely<any>, body: RawBuilder<unknown>, req: DataRequest, reader: ReportReader) {
  // The scope's rule columns come from its entity's allow-list; their values are bound (applyScope).
  return applyScope(trx.selectFrom(sql`(${body})`.as('t')).where(filterSql(req.filters)), { anyOf: reader.rules }, 't');
}

/**
 * Runs queries over the report's rows inside its wall: a read-only transaction, the report role (other
 * tenants' rows are not there, report-wall.ts), the scope's rules and the request's filters. `plan` gives
 * the query whose cost bounds the work (refused above reader.maxCost) and what to run.
 */
async function withinReportWall<T>(
  db: Kysely<any>,
  def: ReportDefinition,
  req: DataRequest,
  reader: ReportReader,
  plan: (rows: Rows) => { costed: Compilable; run: () => Promise<T> },
): Promise<T> {
  if (!reportWallBuilt()) throw new ApiError(503, '在线报表未启用租户隔离（数据库用户不能创建只读角色 hope_report），暂不能执行，请联系管理员');
  const body = bindReportSql(def.sql, req.params, reader.variables);
  try {
    // A runaway report must not hold a connection for ever: PostgreSQL's statement_timeout cancels it there, and the
    // embedded database (which accepts the setting as a no-op) stops the worker thread it runs in and opens the database again.
    return await withStatementTimeout(reader.timeoutMs, () =>
      db.transaction().execute(async (trx) => {
        await sql`set transaction read only`.execute(trx);
        await sql`set local statement_timeout = ${sql.lit(reader.timeoutMs)}`.execute(trx);
        await enterReportWall(trx, reader.tenants);
        const { costed, run } = plan(scopedRows(trx, body, req, reader));
        if (reader.maxCost !== undefined) {
          const cost = await plannedCost(trx, costed.compile());
          if (cost > reader.maxCost)
            throw badRequest(`报表【${def.name}】的查询量过大（估算成本${Math.round(cost)}，上限${reader.maxCost}），请增加查询条件或缩小范围`);
        }
        return await run();
      }),
    );
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: string }).code;
    if (code === QUERY_CANCELED) throw new ApiError(500, `报表【${def.name}】查询超时（超过${reader.timeoutMs / 1000}秒），请缩小查询范围`);
    if (code === READ_ONLY_VIOLATION) throw badRequest('报表查询试图修改数据，已拒绝：报表只能读取数据');
    if (code === UNDEFINED_COLUMN && reader.rules) {
      throw new ApiError(500, `报表【${def.name}】的查询结果缺少数据规则用到的字段，请在SQL中选出它: ${String((error as Error).message).slice(0, 120)}`);
    }
    throw new ApiError(500, `报表查询执行失败，请检查报表【${def.name}】的SQL: ${String((error as Error).message ?? error).slice(0, 200)}`);
  }
}

/** One page of the report and the total. */
export function runReport(
  db: Kysely<any>,
  def: ReportDefinition,
  req: DataRequest,
  reader: ReportReader,
): Promise<{ total: number; records: Record<string, unknown>[] }> {
  return withinReportWall(db, def, req, reader, (rows) => {
    const count = rows.select(sql<string>`count(*)`.as('n'));
    const pageOf = (req.sort ? rows.orderBy(sql`${sql.ref(`t.${req.sort.column}`)} ${sql.raw(req.sort.order)} nulls last`) : rows)
      .selectAll('t')
      .limit(req.pageSize)
      .offset((req.pageNo - 1) * req.pageSize);
    return {
      // The total costs at least what the page does (it reads every row the filters keep).
      costed: count,
      run: async () => {
        const counted = await count.executeTakeFirst();
        return { total: Number(counted?.n ?? 0), records: await pageOf.execute() };
      },
    };
  });
}

/** The report's rows grouped for a chart (grouping.ts): the names are the definition's declared columns. */
export function runReportGroups(db: Kysely<any>, def: ReportDefinition, req: DataRequest, reader: ReportReader, g: Grouping): Promise<Group[]> {
  const declared = new Set(def.items.map((i) => i.name));
  const unknown = [g.x, ...g.ys].find((name) => !declared.has(name));
  if (unknown) throw badRequest(`图表字段不存在: ${unknown}`);
  return withinReportWall(db, def, req, reader, (rows) => {
    const grouped = groupedSelect(rows, 't', g);
    return { costed: grouped, run: async () => groupsOf(await grouped.execute(), g) };
  });
}
