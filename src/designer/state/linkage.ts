import type { Comparison, Condition, Expression, Linkage } from '../../core/schema/types.generated.ts';

/*
 * The linkage editor works on the condition grammar's simple form: field → { operator: value }, all of
 * them required (an implicit and). A rule whose condition uses $and/$or/$not is shown as JSON instead,
 * and is never rewritten unless the user edits it.
 */
export type Operator = keyof Comparison;

export const OPERATORS: { value: Operator; label: string }[] = [
  { value: '$eq', label: '等于' },
  { value: '$ne', label: '不等于' },
  { value: '$gt', label: '大于' },
  { value: '$gte', label: '大于等于' },
  { value: '$lt', label: '小于' },
  { value: '$lte', label: '小于等于' },
  { value: '$in', label: '属于(逗号分隔)' },
  { value: '$nin', label: '不属于(逗号分隔)' },
  { value: '$like', label: '包含' },
  { value: '$empty', label: '为空(true/false)' },
];

export const EFFECTS: { value: Linkage['effect']; label: string }[] = [
  { value: 'show', label: '显示' },
  { value: 'hide', label: '隐藏' },
  { value: 'require', label: '必填' },
  { value: 'disable', label: '禁用' },
  { value: 'set', label: '赋值' },
];

export interface ConditionRow {
  field: string;
  op: Operator;
  value: string;
}

const LIST_OPS = new Set<Operator>(['$in', '$nin']);

function valueText(op: Operator, value: unknown): string {
  if (LIST_OPS.has(op) && Array.isArray(value)) return value.map(String).join(',');
  return value === null || value === undefined ? '' : String(value);
}

/** The rows of a simple condition, or null when it is not in the simple form. */
export function conditionRows(when: Condition | undefined): ConditionRow[] | null {
  if (!when) return [];
  const rows: ConditionRow[] = [];
  for (const [field, test] of Object.entries(when)) {
    if (field.startsWith('$') || !test || typeof test !== 'object' || Array.isArray(test)) return null;
    for (const [op, value] of Object.entries(test as Comparison)) {
      if (!OPERATORS.some((o) => o.value === op)) return null;
      rows.push({ field, op: op as Operator, value: valueText(op as Operator, value) });
    }
  }
  return rows;
}

/** Rows back to a condition; rows without a field are skipped, and no rows means "always". */
export function rowsCondition(rows: ConditionRow[]): Condition | undefined {
  const when: Record<string, Comparison> = {};
  for (const row of rows) {
    if (!row.field) continue;
    const value = LIST_OPS.has(row.op)
      ? row.value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : row.op === '$empty'
        ? row.value !== 'false'
        : row.value;
    when[row.field] = { ...when[row.field], [row.op]: value };
  }
  return Object.keys(when).length ? (when as Condition) : undefined;
}

/** A 'set' value is an expression: JSON when it parses ({"$field": "a"}, 12, true), otherwise the text itself. */
export function parseExpression(text: string): Expression {
  try {
    return JSON.parse(text) as Expression;
  } catch {
    return text;
  }
}

export const expressionText = (value: Expression | undefined): string => (value === undefined ? '' : JSON.stringify(value));

export const newLinkage = (target: string): Linkage => ({ target, when: undefined, effect: 'show' });

/** A rule as stored: an absent condition or value is left out rather than written as undefined. */
export function tidyLinkage(rule: Linkage): Linkage {
  const out: Linkage = { target: rule.target, effect: rule.effect };
  if (rule.when) out.when = rule.when;
  if (rule.effect === 'set' && rule.value !== undefined) out.value = rule.value;
  return out;
}
