import { type RawBuilder, sql } from 'kysely';

/*
 * A report's query text: one select (or with … select) statement in which ${name} marks a parameter.
 * The text is split at the markers once; each marker becomes a bound parameter when the query runs, so a
 * request value is never part of the SQL text, whatever it contains.
 */

export const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const MARKER = /\$\{([^}]*)\}/g;

export interface SqlTemplate {
  /** Literal SQL pieces; parameter i sits between text[i] and text[i + 1]. */
  text: string[];
  params: string[];
}

export class ReportSqlError extends Error {}

/** Checks the statement and splits it at its parameter markers. */
export function parseReportSql(source: string): SqlTemplate {
  // One trailing semicolon is how many people end a statement; any other means a second statement.
  const body = source.trim().replace(/;\s*$/, '');
  if (!body) throw new ReportSqlError('报表SQL不能为空');
  if (body.includes(';')) throw new ReportSqlError('报表SQL只能是一条查询语句');
  if (!/^(select|with)\b/i.test(body)) throw new ReportSqlError('报表SQL必须是查询语句（select 或 with 开头）');
  const text: string[] = [];
  const params: string[] = [];
  let last = 0;
  for (const match of body.matchAll(MARKER)) {
    const name = match[1].trim();
    if (!PARAM_NAME.test(name)) throw new ReportSqlError(`报表参数名不正确: ${name.slice(0, 64)}`);
    text.push(body.slice(last, match.index));
    params.push(name);
    last = match.index! + match[0].length;
  }
  text.push(body.slice(last));
  return { text, params };
}

/** The statement with every parameter bound to its value (null when neither given nor defaulted). */
export function bindReportSql(template: SqlTemplate, values: Record<string, string | null>): RawBuilder<unknown> {
  let query: RawBuilder<unknown> = sql.raw(template.text[0]);
  template.params.forEach((name, i) => {
    query = sql`${query}${values[name] ?? null}${sql.raw(template.text[i + 1])}`;
  });
  return query;
}
