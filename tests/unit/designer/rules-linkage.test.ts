import { describe, expect, it } from 'vitest';
import { conditionRows, expressionText, parseExpression, rowsCondition, tidyLinkage } from '../../../src/designer/state/linkage.ts';
import {
  addPatternRule,
  DEFAULT_RULE_MESSAGE,
  patternError,
  patternRules,
  removePatternRule,
  setRequired,
  setRequiredMessage,
  updatePatternRule,
} from '../../../src/designer/state/rules.ts';

describe('rules (spec section 5)', () => {
  it("the first rule has required and a message, '必填项' by default", () => {
    expect(DEFAULT_RULE_MESSAGE).toBe('必填项');
    expect(setRequired(undefined, true)).toEqual([{ required: true, message: '必填项' }]);
    expect(setRequiredMessage([{ required: true, message: '必填项' }], '请输入姓名')).toEqual([{ required: true, message: '请输入姓名' }]);
  });

  it('pattern rules are added, edited and removed after the first', () => {
    let rules = addPatternRule([{ required: false, message: '必填项' }]);
    rules = updatePatternRule(rules, 0, { pattern: '^\\d+$', message: '只能是数字' });
    rules = addPatternRule(rules);
    expect(patternRules(rules)).toEqual([
      { pattern: '^\\d+$', message: '只能是数字' },
      { pattern: '', message: '' },
    ]);
    rules = removePatternRule(rules, 1);
    expect(rules).toEqual([
      { required: false, message: '必填项' },
      { pattern: '^\\d+$', message: '只能是数字' },
    ]);
    expect(setRequired(rules, true)[1]).toEqual(rules[1]);
  });

  it('a pattern that does not compile is reported', () => {
    expect(patternError('^[a-')).toBe('正则表达式无效');
    expect(patternError('^1[3-9]\\d{9}$')).toBeNull();
  });
});

describe('linkage conditions in the simple form', () => {
  it('reads and writes field → { operator: value }', () => {
    const rows = conditionRows({ pay_status: { $eq: '2' }, amount: { $gte: 10, $lte: 20 } });
    expect(rows).toEqual([
      { field: 'pay_status', op: '$eq', value: '2' },
      { field: 'amount', op: '$gte', value: '10' },
      { field: 'amount', op: '$lte', value: '20' },
    ]);
    expect(rowsCondition(rows!)).toEqual({ pay_status: { $eq: '2' }, amount: { $gte: '10', $lte: '20' } });
  });

  it('lists and emptiness', () => {
    expect(rowsCondition([{ field: 'a', op: '$in', value: '1, 2' }])).toEqual({ a: { $in: ['1', '2'] } });
    expect(conditionRows({ a: { $in: ['1', '2'] } })).toEqual([{ field: 'a', op: '$in', value: '1,2' }]);
    expect(rowsCondition([{ field: 'a', op: '$empty', value: 'false' }])).toEqual({ a: { $empty: false } });
  });

  it('a condition with $and/$or/$not is not in the simple form; no rows means always', () => {
    expect(conditionRows({ $or: [{ a: { $eq: '1' } }] })).toBeNull();
    expect(conditionRows(undefined)).toEqual([]);
    expect(rowsCondition([{ field: '', op: '$eq', value: 'x' }])).toBeUndefined();
  });

  it('set values are expressions: JSON when it parses, text otherwise', () => {
    expect(parseExpression('{"$field":"a"}')).toEqual({ $field: 'a' });
    expect(parseExpression('12')).toBe(12);
    expect(parseExpression('已支付')).toBe('已支付');
    expect(expressionText({ $field: 'a' })).toBe('{"$field":"a"}');
    expect(tidyLinkage({ target: 'a', effect: 'show', when: undefined, value: 1 })).toEqual({ target: 'a', effect: 'show' });
  });
});
