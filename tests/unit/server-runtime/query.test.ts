import { describe, expect, it } from 'vitest';
import { planList } from '../../../server/engine/read/query.ts';
import { modelOf } from './helpers.ts';

const record = modelOf('donation/record');
const plan = (query: Record<string, unknown>) => planList(record, query);
const filters = (query: Record<string, unknown>) => plan(query).filters;
const refusal = (query: Record<string, unknown>) => {
  try {
    plan(query);
  } catch (error) {
    return (error as Error).message;
  }
  return 'accepted';
};

describe('planList: operators', () => {
  it('an exact value, a like in three shapes with % and _ escaped', () => {
    expect(filters({ payStatus: '2' })).toEqual([{ column: 'pay_status', op: '=', value: '2' }]);
    expect(filters({ donorName: '*张*' })).toEqual([{ column: 'donor_name', op: 'ilike', value: '%张%' }]);
    expect(filters({ donorName: '张*' })).toEqual([{ column: 'donor_name', op: 'ilike', value: '张%' }]);
    expect(filters({ donorName: '*三' })).toEqual([{ column: 'donor_name', op: 'ilike', value: '%三' }]);
    expect(filters({ donorName: '*5%_\\*' })).toEqual([{ column: 'donor_name', op: 'ilike', value: '%5\\%\\_\\\\%' }]);
    expect(filters({ donorName: '*' })).toEqual([]);
  });

  it('not equal and comparisons, typed by the field', () => {
    expect(filters({ payStatus: '!1' })).toEqual([{ column: 'pay_status', op: 'is distinct from', value: '1' }]);
    expect(filters({ amount: '>=10.5' })).toEqual([{ column: 'amount', op: '>=', value: '10.5' }]);
    expect(filters({ amount: '<3' })).toEqual([{ column: 'amount', op: '<', value: '3' }]);
  });

  it('a date alone against a date-time column covers the whole day', () => {
    expect(filters({ payTime: '2025-03-02' })).toEqual([
      { column: 'pay_time', op: '>=', value: '2025-03-02 00:00:00' },
      { column: 'pay_time', op: '<', value: '2025-03-03 00:00:00' },
    ]);
    expect(filters({ payTime: '<=2025-12-31' })).toEqual([{ column: 'pay_time', op: '<', value: '2026-01-01 00:00:00' }]);
    expect(filters({ payTime_end: '2024-02-28' })).toEqual([{ column: 'pay_time', op: '<', value: '2024-02-29 00:00:00' }]);
    expect(filters({ payTime_end: '2025-03-02 12:00' })).toEqual([{ column: 'pay_time', op: '<=', value: '2025-03-02 12:00:00' }]);
  });

  it('a comma list is IN on dictionary and reference fields only', () => {
    expect(filters({ payMethod: '1,3' })).toEqual([{ column: 'pay_method', op: 'in', value: ['1', '3'] }]);
    expect(filters({ activityId: 'a,b' })).toEqual([{ column: 'activity_id', op: 'in', value: ['a', 'b'] }]);
    expect(filters({ donorName: '甲,乙' })).toEqual([{ column: 'donor_name', op: '=', value: '甲,乙' }]);
  });

  it('ranges, property names, audit properties; empty values and reserved parameters are skipped', () => {
    expect(filters({ amount_begin: '1', amount_end: '9' })).toEqual([
      { column: 'amount', op: '>=', value: '1' },
      { column: 'amount', op: '<=', value: '9' },
    ]);
    expect(filters({ createBy: 'admin', payStatus: '', _t: '1', field: 'id', token: 'x' })).toEqual([{ column: 'create_by', op: '=', value: 'admin' }]);
  });
});

describe('planList: sort and paging', () => {
  it('defaults to create_time desc, page 1 of 10; caps the page size at 1000', () => {
    expect(plan({})).toMatchObject({ sort: { column: 'create_time', order: 'desc' }, pageNo: 1, pageSize: 10 });
    expect(plan({ column: 'payTime', order: 'ASC', pageNo: '3', pageSize: '9999' })).toMatchObject({
      sort: { column: 'pay_time', order: 'asc' },
      pageNo: 3,
      pageSize: 1000,
    });
    expect(planList(modelOf('sys/dict_item'), {}).sort).toEqual({ column: 'sort_order', order: 'asc' });
  });
});

describe('planList: refusals', () => {
  it.each([
    [{ nothing: '1' }, '未知的查询字段: nothing'],
    [{ 'donor_name; drop table x': '1' }, '未知的查询字段: donor_name; drop table x'],
    [{ pay_status: '2' }, '未知的查询字段: pay_status（应写作 payStatus）'],
    [{ pay_time_begin: '2025-01-01' }, '未知的查询字段: pay_time_begin（应写作 payTime_begin）'],
    [{ column: 'password' }, '不支持按该字段排序: password'],
    [{ column: 'pay_time' }, '不支持按该字段排序: pay_time（应写作 payTime）'],
    [{ order: 'up' }, '不支持的排序方式: up'],
    [{ amount: '*1*' }, '捐赠金额不支持模糊查询'],
    [{ amount: '>=1 or 1=1' }, '捐赠金额的查询值格式不正确: 1 or 1=1'],
    [{ payTime_begin: '2025-02-30' }, '支付时间的查询值格式不正确: 2025-02-30'],
    [{ payMethod: ['1', '2'] }, '查询参数重复: payMethod'],
    [{ pageNo: '0' }, '分页参数不正确: 0'],
    [{ selections: "1,2' or 1=1" }, '选中的记录ID格式不正确'],
  ])('%j → %s', (query, message) => {
    expect(refusal(query)).toBe(message);
  });
});
