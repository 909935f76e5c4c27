import type { FieldDef } from '../../../src/core/schema/types.generated.ts';

/*
 * Text → typed value for one field: what a query parameter, an Excel cell or a form value must look like
 * before it may be bound against the column (PostgreSQL would otherwise fail the whole statement).
 */

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?$/;
const INTEGER = /^-?\d{1,10}$/;
const DECIMAL = /^-?\d{1,30}(\.\d{1,20})?$/;
const INT_MAX = 2147483647;

function realDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** 'YYYY-MM-DD' of a real calendar day, or undefined. */
export function parseDate(text: string): string | undefined {
  const m = DATE_TIME.exec(text.trim());
  if (!m || m[4] !== undefined || !realDate(+m[1], +m[2], +m[3])) return undefined;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/** 'YYYY-MM-DD HH:mm:ss' (a date alone means midnight), or undefined. */
export function parseDateTime(text: string): { value: string; dateOnly: boolean } | undefined {
  const m = DATE_TIME.exec(text.trim());
  if (!m || !realDate(+m[1], +m[2], +m[3])) return undefined;
  if (m[4] === undefined) return { value: `${m[1]}-${m[2]}-${m[3]} 00:00:00`, dateOnly: true };
  if (+m[4] > 23 || +m[5] > 59 || +(m[6] ?? 0) > 59) return undefined;
  return { value: `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6] ?? '00'}`, dateOnly: false };
}

/** The day after a 'YYYY-MM-DD' date: a date-only range end covers its whole day. */
export function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export type Parsed = { ok: true; value: string | number | boolean; dateOnly?: boolean } | { ok: false };

/** A query or cell text as a value of the field's type; json fields take no typed comparisons. */
export function parseTyped(field: FieldDef, raw: string): Parsed {
  const text = raw.trim();
  switch (field.type) {
    case 'integer':
      return INTEGER.test(text) && Math.abs(Number(text)) <= INT_MAX ? { ok: true, value: Number(text) } : { ok: false };
    case 'decimal':
      return DECIMAL.test(text) ? { ok: true, value: text } : { ok: false };
    case 'date': {
      const value = parseDate(text);
      return value ? { ok: true, value } : { ok: false };
    }
    case 'datetime': {
      const parsed = parseDateTime(text);
      return parsed ? { ok: true, value: parsed.value, dateOnly: parsed.dateOnly } : { ok: false };
    }
    case 'boolean':
      if (['true', '1'].includes(text)) return { ok: true, value: true };
      if (['false', '0'].includes(text)) return { ok: true, value: false };
      return { ok: false };
    case 'json':
      return { ok: false };
    default:
      return { ok: true, value: raw };
  }
}

export const isTextual = (field: FieldDef) => field.type === 'string' || field.type === 'text';
