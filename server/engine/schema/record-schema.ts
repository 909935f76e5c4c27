import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { FieldDef } from '../../../src/core/schema/types.generated.ts';
import { type EntityModel, precisionOf, scaleOf } from './model.ts';
import { parseDate, parseDateTime } from './values.ts';

/*
 * A record validator per entity, built with ajv from its fields, and the Chinese message for each kind
 * of failure, naming the field by its label. Types are coerced the way a form or a spreadsheet sends
 * them ('12.50' → 12.5, 13800001234 → '13800001234'); empty values count as missing.
 */

const INT_LIMIT = 2147483647;

/** Digits after the decimal point of a number as JavaScript prints it (1e-7 included). */
export function decimalsOf(n: number): number {
  const [mantissa, exponent] = String(n).split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent ?? 0));
}

const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: true });
ajv.addFormat('date', (text: string) => !!parseDate(text));
ajv.addFormat('datetime', (text: string) => !!parseDateTime(text));
ajv.addKeyword({ keyword: 'scale', type: 'number', schemaType: 'number', validate: (scale: number, n: number) => decimalsOf(n) <= scale, errors: false });
ajv.addKeyword({
  keyword: 'integerDigits',
  type: 'number',
  schemaType: 'number',
  validate: (digits: number, n: number) => Math.abs(Math.trunc(n)) < 10 ** digits,
  errors: false,
});

function propertySchema(f: FieldDef): Record<string, unknown> {
  const bounds = { ...(f.min !== undefined ? { minimum: f.min } : {}), ...(f.max !== undefined ? { maximum: f.max } : {}) };
  switch (f.type) {
    case 'string':
    case 'text':
      return { type: 'string', ...(f.type === 'string' ? { maxLength: f.length ?? 255 } : {}), ...(f.pattern ? { pattern: f.pattern } : {}) };
    case 'integer':
      return { type: 'integer', minimum: Math.max(f.min ?? -INT_LIMIT, -INT_LIMIT), maximum: Math.min(f.max ?? INT_LIMIT, INT_LIMIT) };
    case 'decimal':
      return { type: 'number', ...bounds, scale: scaleOf(f), integerDigits: precisionOf(f) - scaleOf(f) };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'datetime':
      return { type: 'string', format: 'datetime' };
    case 'boolean':
      return { type: 'boolean' };
    default:
      return {};
  }
}

const compiled = new WeakMap<EntityModel, ValidateFunction>();

function validatorOf(model: EntityModel): ValidateFunction {
  let fn = compiled.get(model);
  if (!fn) {
    fn = ajv.compile({
      type: 'object',
      properties: Object.fromEntries(model.fields.map((f) => [f.name, propertySchema(f)])),
      required: model.fields.filter((f) => f.required && !f.generated).map((f) => f.name),
    });
    compiled.set(model, fn);
  }
  return fn;
}

const looksNumeric = (v: unknown) => (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()));

function message(f: FieldDef, e: ErrorObject, value: unknown): string {
  switch (e.keyword) {
    case 'required':
      return `${f.label}不能为空`;
    case 'maxLength':
      return `${f.label}长度不能超过${e.params.limit}个字符`;
    case 'minimum':
      return `${f.label}不能小于${e.params.limit}`;
    case 'maximum':
      return `${f.label}不能大于${e.params.limit}`;
    case 'scale':
      return `${f.label}最多保留${scaleOf(f)}位小数`;
    case 'integerDigits':
      return `${f.label}的整数部分不能超过${precisionOf(f) - scaleOf(f)}位`;
    case 'pattern':
      return f.patternMessage ?? `${f.label}格式不正确`;
    case 'type':
      if (f.type === 'integer') return looksNumeric(value) ? `${f.label}必须是整数` : `${f.label}必须是数字`;
      if (f.type === 'decimal') return `${f.label}必须是数字`;
      return `${f.label}格式不正确`;
    default:
      return `${f.label}格式不正确`;
  }
}

export interface FieldError {
  field: string;
  message: string;
}

/**
 * Validates a whole record (declared fields only). Returns the coerced record — dates and times in the
 * API's own format — and one message per failing field.
 */
export function validateRecord(model: EntityModel, record: Record<string, unknown>): { record: Record<string, unknown>; errors: FieldError[] } {
  const present: Record<string, unknown> = {};
  for (const f of model.fields) {
    const v = record[f.name];
    if (v !== null && v !== undefined && v !== '') present[f.name] = v;
  }
  const fn = validatorOf(model);
  const errors: FieldError[] = [];
  if (!fn(present)) {
    for (const e of fn.errors ?? []) {
      const name = e.keyword === 'required' ? String(e.params.missingProperty) : e.instancePath.slice(1).split('/')[0];
      const f = model.field.get(name);
      if (f && !errors.some((x) => x.field === name)) errors.push({ field: name, message: message(f, e, record[name]) });
    }
  }
  const out: Record<string, unknown> = {};
  for (const f of model.fields) {
    if (!(f.name in record)) continue;
    let v = f.name in present ? present[f.name] : null;
    if (typeof v === 'string' && f.type === 'datetime') v = parseDateTime(v)?.value ?? v;
    if (typeof v === 'string' && f.type === 'date') v = parseDate(v) ?? v;
    if (f.type === 'json' && v !== null) v = JSON.stringify(v);
    out[f.name] = v;
  }
  return { record: out, errors: inFormOrder(model, errors) };
}

/** Field errors in the order the form shows the fields, not the order the checks met them. */
export function inFormOrder(model: EntityModel, errors: FieldError[]): FieldError[] {
  const order = model.fields.map((f) => f.name);
  return [...errors].sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
}
