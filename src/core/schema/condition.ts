import type { Comparison, Condition, Expression } from './types.generated.ts';

/*
 * The interpreter of the declarative condition and expression grammars (schemas/_meta). Linkage in
 * forms runs through here, so a document never carries code: no eval, no new Function.
 */
type Values = Record<string, unknown>;

export const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** Numbers by value, anything else (ISO dates and times included) as text. */
export function compareScalars(a: unknown, b: unknown): number {
  const na = Number(a);
  const nb = Number(b);
  if (a !== '' && b !== '' && !Number.isNaN(na) && !Number.isNaN(nb)) return na - nb;
  return String(a ?? '').localeCompare(String(b ?? ''));
}

function matches(value: unknown, test: Comparison): boolean {
  for (const [op, operand] of Object.entries(test)) {
    const ok = (() => {
      switch (op) {
        case '$eq':
          return String(value ?? '') === String(operand ?? '');
        case '$ne':
          return String(value ?? '') !== String(operand ?? '');
        case '$gt':
          return !isEmpty(value) && compareScalars(value, operand) > 0;
        case '$gte':
          return !isEmpty(value) && compareScalars(value, operand) >= 0;
        case '$lt':
          return !isEmpty(value) && compareScalars(value, operand) < 0;
        case '$lte':
          return !isEmpty(value) && compareScalars(value, operand) <= 0;
        case '$in':
          return (operand as unknown[]).some((o) => String(o) === String(value ?? ''));
        case '$nin':
          return !(operand as unknown[]).some((o) => String(o) === String(value ?? ''));
        case '$like':
          return String(value ?? '').includes(String(operand));
        case '$empty':
          return isEmpty(value) === operand;
        default:
          return false;
      }
    })();
    if (!ok) return false;
  }
  return true;
}

export function evaluateCondition(condition: Condition | undefined, values: Values): boolean {
  if (!condition) return true;
  for (const [key, test] of Object.entries(condition)) {
    if (key === '$and' && !(test as Condition[]).every((c) => evaluateCondition(c, values))) return false;
    else if (key === '$or' && !(test as Condition[]).some((c) => evaluateCondition(c, values))) return false;
    else if (key === '$not' && evaluateCondition(test as Condition, values)) return false;
    else if (!key.startsWith('$') && !matches(values[key], test as Comparison)) return false;
  }
  return true;
}

/** The fields a condition reads, so linkage can subscribe to exactly those. */
export function conditionFields(condition: Condition | undefined): string[] {
  if (!condition) return [];
  return Object.entries(condition).flatMap(([key, test]) => {
    if (key === '$and' || key === '$or') return (test as Condition[]).flatMap(conditionFields);
    if (key === '$not') return conditionFields(test as Condition);
    return [key];
  });
}

const num = (v: unknown) => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};

export function evaluateExpression(expr: Expression | undefined, values: Values): unknown {
  if (expr === null || typeof expr !== 'object') return expr;
  if ('$field' in expr) return values[expr.$field as string];
  const [op, args] = Object.entries(expr)[0] as [string, Expression[]];
  // The first operand of $if is a condition, not an expression: decide before evaluating anything.
  if (op === '$if') return evaluateCondition(args[0] as Condition, values) ? evaluateExpression(args[1], values) : evaluateExpression(args[2], values);
  const v = (args ?? []).map((a) => evaluateExpression(a, values));
  switch (op) {
    case '$add':
      return v.reduce<number>((s, x) => s + num(x), 0);
    case '$sub':
      return num(v[0]) - num(v[1]);
    case '$mul':
      return v.reduce<number>((s, x) => s * num(x), 1);
    case '$div':
      return num(v[1]) === 0 ? null : num(v[0]) / num(v[1]);
    case '$round': {
      const f = 10 ** Math.max(0, Math.min(10, Math.trunc(num(v[1]))));
      return Math.round(num(v[0]) * f) / f;
    }
    case '$concat':
      return v.map((x) => (x === null || x === undefined ? '' : String(x))).join('');
    default:
      return undefined;
  }
}

/** The fields an expression reads. */
export function expressionFields(expr: Expression | undefined): string[] {
  if (expr === null || typeof expr !== 'object') return [];
  if ('$field' in expr) return [expr.$field as string];
  const [op, args] = Object.entries(expr)[0] as [string, unknown[]];
  if (op === '$if') return [...conditionFields(args[0] as Condition), ...expressionFields(args[1] as Expression), ...expressionFields(args[2] as Expression)];
  return (args as Expression[]).flatMap(expressionFields);
}
