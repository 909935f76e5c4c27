import { type Kysely, sql } from 'kysely';
import type { FillRuleDef } from '../../../src/core/schema/types.generated.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest } from '../../http/envelope.ts';

/*
 * Generated codes: prefix + date + a zero-padded sequence that restarts every period (JZ202505120001).
 * The sequence is one row per rule and period, bumped with an upsert … returning: two concurrent
 * writers queue on that row, so no code is ever handed out twice; inside a transaction that rolls back,
 * the number is given back too.
 */

export interface FillRule {
  code: string;
  prefix: string;
  dateFormat: string;
  seqLength: number;
  reset: string;
}

export const fromDef = (d: FillRuleDef): FillRule => ({
  code: d.code,
  prefix: d.prefix,
  dateFormat: d.dateFormat ?? '',
  seqLength: d.seqLength ?? 4,
  reset: d.reset ?? (d.dateFormat === 'YYYYMMDD' ? 'day' : d.dateFormat === 'YYYYMM' ? 'month' : d.dateFormat === 'YYYY' ? 'year' : 'never'),
});

/** 'YYYY-MM-DD …' → the date part in a rule's format ('YYYYMMDD' → '20250512'). */
export function formatDate(format: string, at: string): string {
  const [y, m, d] = [at.slice(0, 4), at.slice(5, 7), at.slice(8, 10)];
  return format.replace('YYYY', y).replace('MM', m).replace('DD', d);
}

/** The sequence's period key: the sequence restarts whenever it changes. */
export function periodOf(reset: string, at: string): string {
  const len = { year: 4, month: 6, day: 8 }[reset];
  return len ? formatDate('YYYYMMDD', at).slice(0, len) : '';
}

export const formatCode = (rule: FillRule, at: string, seq: number) =>
  `${rule.prefix}${formatDate(rule.dateFormat, at)}${String(seq).padStart(rule.seqLength, '0')}`;

export async function loadRule(db: Kysely<DB>, code: string): Promise<FillRule> {
  const row = await db.selectFrom('sys_fill_rule').selectAll().where('rule_code', '=', code).executeTakeFirst();
  if (!row) throw badRequest(`编码规则不存在: ${code.slice(0, 64)}`);
  return { code: row.rule_code, prefix: row.prefix ?? '', dateFormat: row.date_format ?? '', seqLength: row.seq_length, reset: row.reset_period };
}

/** The next code of a rule at a moment ('YYYY-MM-DD HH:mm:ss'); run it in the writing transaction. */
export async function nextCode(db: Kysely<DB>, rule: FillRule, at: string): Promise<string> {
  return (await nextCodes(db, rule, at, 1))[0];
}

/** The next `count` codes of a rule, consecutive, taken in one statement (an import's rows). */
export async function nextCodes(db: Kysely<DB>, rule: FillRule, at: string, count: number): Promise<string[]> {
  const period = periodOf(rule.reset, at);
  const { rows } = await sql<{ value: number }>`
    insert into sys_fill_rule_seq (rule_code, period, value) values (${rule.code}, ${period}, ${count})
    on conflict (rule_code, period) do update set value = sys_fill_rule_seq.value + ${count}
    returning value`.execute(db);
  const last = Number(rows[0].value);
  return Array.from({ length: count }, (_, i) => formatCode(rule, at, last - count + 1 + i));
}
