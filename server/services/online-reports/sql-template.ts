import { type RawBuilder, sql } from 'kysely';
import { SYSTEM_VARIABLES } from '../../engine/scope/row-scope.ts';

/*
 * A report's query text: one select (or with … select) statement in which ${name} marks a parameter
 * (a request value or its default) and #{name} a system variable (JeecgBoot's spelling: #{sys_org_code},
 * #{sys_user_code} …, filled from the signed-in user, never from the request). The text is split at the
 * markers once; each marker becomes a bound parameter when the query runs, so no value is ever part of
 * the SQL text, whatever it contains.
 */

export const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const MARKER = /([$#])\{([^}]*)\}/g;

export interface Slot {
  name: string;
  /** A system variable (#{…}) rather than a request parameter (${…}). */
  system: boolean;
}

export interface SqlTemplate {
  /** Literal SQL pieces; slot i sits between text[i] and text[i + 1]. */
  text: string[];
  slots: Slot[];
  /** The request parameters the statement uses, in order of appearance. */
  params: string[];
}

export class ReportSqlError extends Error {}

/** Checks the statement and splits it at its markers. */
export function parseReportSql(source: string): SqlTemplate {
  // One trailing semicolon is how many people end a statement; any other means a second statement.
  const body = source.trim().replace(/;\s*$/, '');
  if (!body) throw new ReportSqlError('报表SQL不能为空');
  if (body.includes(';')) throw new ReportSqlError('报表SQL只能是一条查询语句');
  if (!/^(select|with)\b/i.test(body)) throw new ReportSqlError('报表SQL必须是查询语句（select 或 with 开头）');
  const text: string[] = [];
  const slots: Slot[] = [];
  let last = 0;
  for (const match of body.matchAll(MARKER)) {
    const name = match[2].trim();
    const system = match[1] === '#';
    if (system && !(SYSTEM_VARIABLES as readonly string[]).includes(name))
      throw new ReportSqlError(`未知的系统变量: #{${name.slice(0, 64)}}，可用: ${SYSTEM_VARIABLES.join('、')}`);
    if (!PARAM_NAME.test(name)) throw new ReportSqlError(`报表参数名不正确: ${name.slice(0, 64)}`);
    text.push(body.slice(last, match.index));
    slots.push({ name, system });
    last = match.index! + match[0].length;
  }
  text.push(body.slice(last));
  return { text, slots, params: slots.filter((s) => !s.system).map((s) => s.name) };
}

/**
 * The statement with every marker bound: parameters to their values (null when neither given nor
 * defaulted), system variables to the user's.
 */
export function bindReportSql(template: SqlTemplate, values: Record<string, string | null>, variables: Record<string, string>): RawBuilder<unknown> {
  let query: RawBuilder<unknown> = sql.raw(template.text[0]);
  template.slots.forEach((slot, i) => {
    const value = slot.system ? variables[slot.name] : values[slot.name];
    query = sql`${query}${value ?? null}${sql.raw(template.text[i + 1])}`;
  });
  return query;
}
