import { CompiledQuery, type Kysely, type SelectQueryBuilder } from 'kysely';

/*
 * The total of a list page without an exact count(*) over a large table (ARCHITECTURE.md,
 * "Performance"): an unfiltered list reads the trigger-maintained counter; a filtered one asks the
 * planner first and counts exactly only when the planner expects few rows. Above that the planner's
 * estimate is returned as such, and the client shows it as '约 N 条'.
 */
export const EXACT_COUNT_LIMIT = 20_000;

export interface Total {
  total: number;
  estimated: boolean;
}

// biome-ignore lint: the builder's table types are dynamic here
type Filtered = SelectQueryBuilder<any, any, object>;

async function plannerRows(db: Kysely<any>, query: Filtered): Promise<number> {
  const compiled = query.select((eb) => eb.lit(1).as('x')).compile();
  const result = await db.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]));
  const raw = result.rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return Number(plan?.[0]?.Plan?.['Plan Rows'] ?? Number.POSITIVE_INFINITY);
}

/**
 * The total when it needs no count of its own: the counter of an unfiltered list, or the planner's estimate of
 * a filtered one that expects many rows. Null: count exactly (`exactCount`) — few rows are expected.
 */
export async function knownTotal(db: Kysely<any>, table: string, query: Filtered, filtered: boolean): Promise<Total | null> {
  if (!filtered) {
    const counter = await db.selectFrom('sys_row_count').select('n').where('table_name', '=', table).executeTakeFirst();
    if (counter) return { total: Number(counter.n), estimated: false };
    return null;
  }
  const expected = await plannerRows(db, query);
  return expected > EXACT_COUNT_LIMIT ? { total: Math.round(expected), estimated: true } : null;
}

/** The exact count of the query's rows, as a select of its own or (`.as(…)`) a scalar subquery of another. */
export const exactCount = (query: Filtered) => query.select((eb) => eb.fn.countAll().as('n'));
