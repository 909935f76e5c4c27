import { Cron } from 'croner';
import type { FieldDef } from '../../../src/core/schema/types.generated.ts';
import { isJobHandler } from '../../services/jobs/handlers.ts';
import type { EntityModel } from '../schema/model.ts';
import type { FieldError } from '../schema/record-schema.ts';

/*
 * Named checks a field may declare (`"check": "cron"`): rules a pattern cannot say, kept in code so a
 * document only names them. Each returns a Chinese message for a bad value, or undefined.
 */

type Check = (value: string, field: FieldDef) => string | undefined;

/** Whether a cron expression (5 or 6 parts, seconds first when 6) parses; its message otherwise. */
export function cronProblem(expression: string): string | undefined {
  try {
    new Cron(expression, { paused: true }).stop();
    return undefined;
  } catch {
    return `Cron表达式不正确: ${expression.slice(0, 60)}（应为5或6段，例如 0 */5 * * * *）`;
  }
}

/** A PostgreSQL database URL (postgres:// or postgresql:// with a host and a database name). */
export function databaseUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return '数据源地址格式不正确，应为 postgres://用户@主机:端口/数据库';
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') return '只支持 PostgreSQL 数据源，地址应以 postgres:// 开头';
  if (!url.hostname || url.pathname.length < 2 || url.pathname.slice(1).includes('/')) return '数据源地址必须包含主机和数据库名';
  return undefined;
}

export interface CheckRuleItem {
  pattern: string;
  message: string;
}

/** A check rule's JSON: a non-empty list of { pattern, message } whose patterns compile. */
export function parseCheckRules(text: string): { items?: CheckRuleItem[]; problem?: string } {
  let items: unknown;
  try {
    items = JSON.parse(text);
  } catch {
    return { problem: '校验规则必须是 JSON 数组' };
  }
  if (!Array.isArray(items) || !items.length) return { problem: '校验规则必须是非空的 JSON 数组' };
  for (const item of items) {
    const { pattern, message } = (item ?? {}) as Record<string, unknown>;
    if (typeof pattern !== 'string' || !pattern || pattern.length > 200 || typeof message !== 'string' || !message)
      return { problem: '每条校验规则需要 pattern（不超过200个字符）和 message' };
    try {
      new RegExp(pattern);
    } catch {
      return { problem: `正则表达式不正确: ${pattern.slice(0, 60)}` };
    }
  }
  return { items: items as CheckRuleItem[] };
}

const CHECKS: Record<NonNullable<FieldDef['check']>, Check> = {
  cron: (v) => cronProblem(v),
  jobHandler: (v) => (isJobHandler(v) ? undefined : `任务处理器不存在: ${v.slice(0, 60)}`),
  databaseUrl: (v) => databaseUrlProblem(v),
  checkRules: (v) => parseCheckRules(v).problem,
};

/** The named checks of the fields a write changes (empty values are the required check's business). */
export function fieldCheckErrors(model: EntityModel, record: Record<string, unknown>, changed: Set<string>): FieldError[] {
  const errors: FieldError[] = [];
  for (const f of model.fields) {
    const v = record[f.name];
    if (!f.check || !changed.has(f.name) || v === null || v === undefined || v === '') continue;
    const problem = CHECKS[f.check](String(v), f);
    if (problem) errors.push({ field: f.name, message: problem });
  }
  return errors;
}
