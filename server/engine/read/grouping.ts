import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';

/*
 * One chart's figures: the rows of a source grouped by one dimension column, each measure column
 * reduced by one aggregate. The column names come from an allow-list the caller checked (a report's
 * declared columns, a screen's fields); the query is the caller's, already scoped.
 */

export const AGGREGATES = ['sum', 'count', 'avg', 'max', 'min'] as const;
export type Aggregate = (typeof AGGREGATES)[number];
/** Aggregates over numbers only (count counts the non-empty values of any column). */
export const NUMERIC_AGGREGATES: readonly Aggregate[] = ['sum', 'avg', 'max', 'min'];
/** At most this many groups: a chart of more is unreadable, and the figures stay small. */
export const MAX_GROUPS = 200;

export interface Grouping {
  x: string;
  ys: string[];
  aggregate: Aggregate;
}

export interface Group {
  /** The dimension's value as stored (null: rows without one). */
  value: unknown;
  /** One figure per measure, by the measure's name. */
  figures: Record<string, number>;
}

function reduce(aggregate: Aggregate, ref: RawBuilder<unknown>): RawBuilder<unknown> {
  switch (aggregate) {
    case 'sum':
      return sql`coalesce(sum(${ref}), 0)`;
    case 'count':
      return sql`count(${ref})`;
    case 'avg':
      return sql`round(avg(${ref})::numeric, 2)`;
    case 'max':
      return sql`max(${ref})`;
    case 'min':
      return sql`min(${ref})`;
  }
}

/** The grouped select over `alias`'s rows: g_x the dimension, g_0… the measures in order, by dimension. */
export function groupedSelect<DB, TB extends keyof DB, O>(rows: SelectQueryBuilder<DB, TB, O>, alias: string, g: Grouping) {
  const x = sql.ref(`${alias}.${g.x}`);
  return rows
    .select([x.as('g_x'), ...g.ys.map((y, i) => reduce(g.aggregate, sql.ref(`${alias}.${y}`)).as(`g_${i}`))] as any)
    .groupBy(x as any)
    .orderBy(sql`${x} nulls last`)
    .limit(MAX_GROUPS);
}

/** The grouped rows as groups: numbers as numbers (PostgreSQL answers sums and counts as text). */
export function groupsOf(rows: Record<string, unknown>[], g: Grouping): Group[] {
  return rows.map((r) => ({
    value: r.g_x ?? null,
    figures: Object.fromEntries(g.ys.map((y, i) => [y, r[`g_${i}`] === null || r[`g_${i}`] === undefined ? 0 : Number(r[`g_${i}`])])),
  }));
}
