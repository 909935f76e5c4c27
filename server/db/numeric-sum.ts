import { type RawBuilder, sql } from 'kysely';

/*
 * The exact sum of many decimal values as ONE bound parameter (a numeric[] literal), for the deltas that
 * roll-ups and report summaries add to their totals. Writing `0 + cast($1 as numeric) + … + cast($n as numeric)`
 * made an expression n levels deep: a 10,000-row import exhausted the parser's stack (PGlite answered
 * "unnamed prepared statement does not exist") and could pass PostgreSQL's 65,535 bound values.
 */

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** `value` negated as text, exactly ('-5' → '5', '2.50' → '-2.50'). */
export const negated = (value: string): string => (value.startsWith('-') ? value.slice(1) : value.startsWith('+') ? `-${value.slice(1)}` : `-${value}`);

/** SQL for the sum of `values` (decimal texts, each signed as it should count); 0 for none. */
export function numericSum(values: string[]): RawBuilder<unknown> {
  const bad = values.find((v) => !DECIMAL.test(v));
  if (bad !== undefined) throw new Error(`not a decimal: ${bad.slice(0, 40)}`);
  if (!values.length) return sql`0::numeric`;
  return sql`(select coalesce(sum(v), 0) from unnest(cast(${`{${values.join(',')}}`} as numeric[])) as v)`;
}
