import { compareScalars, evaluateCondition, isEmpty } from './condition.ts';
import type { CompareRule } from './types.generated.ts';

/*
 * Cross-field rules of entity.rules.checks (结束日期 not before 开始日期): one interpreter for the form,
 * which shows the message on the field as the user types, and the server's writer, which refuses the save.
 */

type Values = Record<string, unknown>;

const HOLDS: Record<CompareRule['op'], (n: number) => boolean> = {
  $gt: (n) => n > 0,
  $gte: (n) => n >= 0,
  $lt: (n) => n < 0,
  $lte: (n) => n <= 0,
  $eq: (n) => n === 0,
  $ne: (n) => n !== 0,
};

/** Whether a record meets one rule; a rule with an empty side, or whose `when` the record does not meet, holds. */
export function compareHolds(rule: CompareRule, values: Values): boolean {
  const left = values[rule.field];
  const right = rule.other !== undefined ? values[rule.other] : rule.value;
  if (isEmpty(left) || isEmpty(right)) return true;
  if (rule.when && !evaluateCondition(rule.when, values)) return true;
  return HOLDS[rule.op](compareScalars(left, right));
}

/** The rules a record breaks, in declaration order. */
export function brokenChecks(rules: readonly CompareRule[] | undefined, values: Values): CompareRule[] {
  return (rules ?? []).filter((rule) => !compareHolds(rule, values));
}
