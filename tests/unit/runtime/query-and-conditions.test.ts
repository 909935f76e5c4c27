import { describe, expect, it } from 'vitest';
import { buildQueryParams, decodeInput, encodeInput } from '../../../src/runtime/query/encode.ts';
import { conditionFields, evaluateCondition, evaluateExpression, expressionFields } from '../../../src/core/schema/condition.ts';
import type { QueryItem } from '../../../src/core/schema/types.generated.ts';

describe('query operator encoding (spec section 3)', () => {
  it.each([
    ['like', '张', '*张*'],
    ['ne', '1', '!1'],
    ['ge', '100', '>=100'],
    ['le', '100', '<=100'],
  ] as const)('%s wraps the value and reading it back strips it', (op, value, encoded) => {
    expect(encodeInput(value, op)).toBe(encoded);
    expect(decodeInput(encoded, op)).toBe(value);
  });

  it('a blank search sends nothing', () => expect(encodeInput('   ')).toBe(''));

  it('a value typed in the operator syntax is sent as written', () => {
    const text: QueryItem[] = [{ field: 'donor_name', label: '捐赠人', view: 'text' }];
    for (const typed of ['!张三', '>=100', '<=100', '*张*', '张*']) expect(buildQueryParams(text, { donor_name: typed })).toEqual({ donor_name: typed });
  });

  const items: QueryItem[] = [
    { field: 'donor_name', label: '捐赠人', view: 'text' },
    { field: 'pay_status', label: '支付状态', view: 'list', dictCode: 'pay_status' },
    { field: 'amount', label: '金额', view: 'number', mode: 'group' },
    { field: 'pay_time', label: '支付时间', view: 'datetime', mode: 'group' },
    { field: 'pay_method', label: '支付方式', view: 'list_multi', dictCode: 'pay_method' },
  ];

  it('builds like, exact, range and multi-value parameters, leaving empty values out', () => {
    expect(
      buildQueryParams(items, {
        donor_name: ' 张 ',
        pay_status: '2',
        amount: [10, null],
        pay_time: ['2026-01-01 00:00:00', '2026-02-01 00:00:00'],
        pay_method: ['1', '3'],
      }),
    ).toEqual({
      donor_name: '*张*',
      pay_status: '2',
      amount_begin: '10',
      pay_time_begin: '2026-01-01 00:00:00',
      pay_time_end: '2026-02-01 00:00:00',
      pay_method: '1,3',
    });
    expect(buildQueryParams(items, { donor_name: '', pay_status: undefined, pay_method: [] })).toEqual({});
  });
});

describe('the condition grammar', () => {
  const values = { status: '1', amount: 250, name: '张三', empty: '' };
  it('compares, combines and negates', () => {
    expect(evaluateCondition({ status: { $eq: '1' } }, values)).toBe(true);
    expect(evaluateCondition({ amount: { $gt: 200, $lte: 250 } }, values)).toBe(true);
    expect(evaluateCondition({ amount: { $gt: 250 } }, values)).toBe(false);
    expect(evaluateCondition({ status: { $in: ['2', '3'] } }, values)).toBe(false);
    expect(evaluateCondition({ $or: [{ status: { $eq: '2' } }, { name: { $like: '张' } }] }, values)).toBe(true);
    expect(evaluateCondition({ $and: [{ status: { $eq: '1' } }, { empty: { $empty: true } }] }, values)).toBe(true);
    expect(evaluateCondition({ $not: { status: { $eq: '1' } } }, values)).toBe(false);
    expect(evaluateCondition(undefined, values)).toBe(true);
  });
  it('an empty value never satisfies an ordering comparison', () => expect(evaluateCondition({ empty: { $lt: 5 } }, values)).toBe(false));
  it('names the fields it reads', () => expect(conditionFields({ $and: [{ a: { $eq: 1 } }, { $or: [{ b: { $eq: 1 } }] }] })).toEqual(['a', 'b']));
});

describe('expressions', () => {
  const values = { price: '12.5', qty: 4, first: '张', last: '三' };
  it('computes arithmetic, rounding, concatenation and choices', () => {
    expect(evaluateExpression({ $mul: [{ $field: 'price' }, { $field: 'qty' }] }, values)).toBe(50);
    expect(evaluateExpression({ $round: [{ $div: [10, 3] }, 2] }, values)).toBe(3.33);
    expect(evaluateExpression({ $div: [1, 0] }, values)).toBeNull();
    expect(evaluateExpression({ $concat: [{ $field: 'first' }, { $field: 'last' }] }, values)).toBe('张三');
    expect(evaluateExpression({ $if: [{ qty: { $gt: 3 } }, 'many', 'few'] }, values)).toBe('many');
    expect(expressionFields({ $sub: [{ $field: 'a' }, { $mul: [{ $field: 'b' }, 2] }] })).toEqual(['a', 'b']);
  });
});
