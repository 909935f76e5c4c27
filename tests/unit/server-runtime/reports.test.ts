import { describe, expect, it } from 'vitest';
import type { SchemaDocument } from '../../../src/core/schema/types.generated.ts';
import { barOption, dimensionOption, graphOption, pieOption } from '../../../src/runtime/renderers/report/chart-options.ts';
import { periodsOf, readRange, reportProblems } from '../../../server/engine/read/reports.ts';

/* Declared reports: the load-time allow-list check, the request's date range, the periods a bucket fills, chart options. */

const doc = (reports: unknown): SchemaDocument =>
  ({
    version: 2,
    code: 'donation/record',
    title: '捐赠记录',
    entity: {
      table: 'donation_record',
      fields: [
        { name: 'amount', label: '金额', type: 'decimal' },
        { name: 'donor_name', label: '捐赠人', type: 'string' },
        { name: 'pay_time', label: '支付时间', type: 'datetime' },
        { name: 'pay_status', label: '支付状态', type: 'string' },
      ],
    },
    reports,
  }) as SchemaDocument;

const good = {
  code: 'summary',
  title: '报表',
  dateField: 'pay_time',
  where: { pay_status: { $eq: '2' } },
  dimensions: [{ key: 'month', label: '按月', field: 'pay_time', bucket: 'month' }],
  measures: [{ key: 'amount', label: '金额', op: 'sum', field: 'amount' }],
};

describe('reportProblems', () => {
  it('accepts a report whose every name is a field of the entity', () => {
    expect(reportProblems(doc([good]))).toEqual([]);
    expect(reportProblems(doc(undefined))).toEqual([]);
  });

  it('names each field off the allow-list, a non-date range field, a bucket on text and a sum of text', () => {
    const bad = {
      ...good,
      dateField: 'donor_name',
      where: { 'pg_sleep(1)': { $eq: 1 } },
      dimensions: [
        { key: 'x', label: 'x', field: 'password' },
        { key: 'y', label: 'y', field: 'donor_name', bucket: 'month' },
      ],
      measures: [
        { key: 'm', label: 'm', op: 'sum', field: 'donor_name' },
        { key: 'n', label: 'n', op: 'countDistinct' },
      ],
    };
    expect(reportProblems(doc([bad]))).toEqual([
      '报表 summary: dateField donor_name 不是该实体的日期字段',
      '报表 summary: 条件字段 pg_sleep(1) 不存在',
      '报表 summary: 维度字段 password 不存在',
      '报表 summary: 维度 y 的 bucket 只能用于日期字段',
      '报表 summary: 指标 m 只能汇总数值字段',
      '报表 summary: 指标 n 的字段  不存在',
    ]);
    expect(reportProblems(doc([good, good]))).toContain('报表 summary: 报表编码重复');
  });
});

describe('readRange', () => {
  const report = { ...good, maxDays: 366 } as never;
  it('takes two real dates, both ends included', () => {
    expect(readRange({ begin: '2024-01-01', end: '2024-12-31' }, report)).toEqual({ begin: '2024-01-01', end: '2024-12-31' });
    expect(readRange({ begin: '2024-02-29', end: '2024-02-29' }, report)).toEqual({ begin: '2024-02-29', end: '2024-02-29' });
  });
  it.each([
    [{ begin: '2024-01-01' }, '请选择统计的开始日期和结束日期'],
    [{ begin: ['2024-01-01'], end: '2024-01-02' }, '请选择统计的开始日期和结束日期'],
    [{ begin: '2023-02-29', end: '2024-01-01' }, '日期格式不正确，请使用 YYYY-MM-DD'],
    [{ begin: '2024-01-01 10:00', end: '2024-01-02' }, '日期格式不正确，请使用 YYYY-MM-DD'],
    [{ begin: '2024-03-02', end: '2024-03-01' }, '开始日期不能晚于结束日期'],
    [{ begin: '2023-01-01', end: '2024-01-02' }, '统计区间不能超过366天'],
  ])('refuses %j with %s', (query, message) => {
    expect(() => readRange(query, report)).toThrow(message);
  });
});

describe('periodsOf', () => {
  it('lists every period of the range, partial ones included', () => {
    expect(periodsOf('month', { begin: '2024-11-15', end: '2025-02-01' })).toEqual(['2024-11', '2024-12', '2025-01', '2025-02']);
    expect(periodsOf('day', { begin: '2024-02-28', end: '2024-03-01' })).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(periodsOf('year', { begin: '2023-06-01', end: '2025-01-01' })).toEqual(['2023', '2024', '2025']);
  });
});

describe('chart options', () => {
  const rows = [
    { text: '微信支付', amount: 10 },
    { text: '支付宝', amount: 5.5 },
  ];
  it('bars: categories and one series per measure; a ranking reads top-down', () => {
    const bar = barOption(rows, [{ key: 'amount', label: '金额' }]) as any;
    expect(bar.xAxis.data).toEqual(['微信支付', '支付宝']);
    expect(bar.series).toEqual([expect.objectContaining({ type: 'bar', name: '金额', data: [10, 5.5] })]);
    const ranking = barOption(rows, [{ key: 'amount', label: '金额' }], { horizontal: true }) as any;
    expect(ranking.yAxis.data).toEqual(['支付宝', '微信支付']);
    expect(ranking.series[0].data).toEqual([5.5, 10]);
  });
  it('pie slices by text; a dimension declared without a chart draws none', () => {
    expect((pieOption(rows, { key: 'amount', label: '金额' }) as any).series[0].data).toEqual([
      { name: '微信支付', value: 10 },
      { name: '支付宝', value: 5.5 },
    ]);
    expect(dimensionOption('none', rows, { key: 'amount', label: '金额' })).toBeNull();
  });
  it('a chart report tab: the value axis named, a pie over the first series, no option for the table', () => {
    const series = [
      { key: 'y0', label: '目标' },
      { key: 'y1', label: '已筹' },
    ];
    const data = [{ text: '助学', y0: 100, y1: 40 }];
    const bar = graphOption('bar', data, series, '金额（元）') as any;
    expect(bar.yAxis).toMatchObject({ type: 'value', name: '金额（元）' });
    expect(bar.series.map((x: any) => x.data)).toEqual([[100], [40]]);
    expect((graphOption('line', data, series) as any).series.map((x: any) => x.type)).toEqual(['line', 'line']);
    expect((graphOption('pie', data, series) as any).series[0].data).toEqual([{ name: '助学', value: 100 }]);
    expect(graphOption('table', data, series)).toBeNull();
  });
});
