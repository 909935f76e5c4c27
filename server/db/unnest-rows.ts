import { type RawBuilder, sql } from 'kysely';

/*
 * Many rows as a few bound parameters: one PostgreSQL array literal per column, read back as rows by
 * `unnest`. A multi-row VALUES list binds one parameter per cell — an import chunk's 500 distinct-count cells
 * were 4,000 — and Kysely compiling them, the driver passing them and PostgreSQL parsing them cost more than
 * the upsert itself; as arrays the statement's text and its parameters stay a handful whatever the rows.
 */

/** Element types a column may have here: fixed by the caller's code, never taken from a request. */
export type ArrayElement = 'smallint' | 'integer' | 'bigint' | 'date' | 'timestamp' | 'text' | 'numeric' | 'jsonb';

/** A value as an element of an array literal: quoted (so commas, braces and spaces stay inside), NULL bare. */
const element = (value: unknown): string => (value === null || value === undefined ? 'NULL' : `"${String(value).replace(/[\\"]/g, (c) => `\\${c}`)}"`);

/** `{"a","b",NULL}`: the values as one array literal. */
export const arrayLiteral = (values: readonly unknown[]): string => `{${values.map(element).join(',')}}`;

/**
 * `unnest(cast($1 as T1[]), …) as u(c1, …)`: the rows (each a value per column, in `columns`' order) as a
 * from-item named `u`, its columns named and typed by `columns`.
 */
export function unnested(columns: readonly (readonly [name: string, type: ArrayElement])[], rows: readonly (readonly unknown[])[]): RawBuilder<unknown> {
  const arrays = columns.map(([, type], c) => sql`cast(${arrayLiteral(rows.map((row) => row[c]))} as ${sql.raw(type)}[])`);
  return sql`unnest(${sql.join(arrays)}) as u(${sql.join(columns.map(([name]) => sql.id(name)))})`;
}
