import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../server/http/envelope.ts';
import { checkReportInput, type ReportDefinition } from '../../../server/services/online-reports/definitions.ts';
import { parseDataRequest } from '../../../server/services/online-reports/query.ts';
import { parseReportSql } from '../../../server/services/online-reports/sql-template.ts';

describe('report SQL templates', () => {
  it('splits the statement at ${name} markers; the values are never part of the text', () => {
    const t = parseReportSql('select * from t where a = ${first} and b <> ${ second };');
    expect(t.params).toEqual(['first', 'second']);
    expect(t.text).toEqual(['select * from t where a = ', ' and b <> ', '']);
  });

  it('#{name} binds a system variable of the signed-in user; unknown variables are refused', () => {
    const t = parseReportSql('select * from t where org = #{sys_org_code} and a = ${first}');
    expect(t.slots).toEqual([
      { name: 'sys_org_code', system: true },
      { name: 'first', system: false },
    ]);
    expect(t.params).toEqual(['first']);
    expect(() => parseReportSql('select #{password}')).toThrow('未知的系统变量: #{password}');
  });

  it('one select or with statement only', () => {
    expect(() => parseReportSql('select 1; delete from sys_user')).toThrow('报表SQL只能是一条查询语句');
    expect(() => parseReportSql('delete from sys_user')).toThrow('报表SQL必须是查询语句（select 或 with 开头）');
    expect(() => parseReportSql('  ')).toThrow('报表SQL不能为空');
    expect(() => parseReportSql('select ${a b}')).toThrow('报表参数名不正确: a b');
    expect(parseReportSql('WITH x AS (select 1) select * from x').params).toEqual([]);
  });

  it('definitions: plain column names, declared parameters', () => {
    const ok = { code: 'r', name: 'R', sql: 'select a from t where b = ${p}', items: [{ name: 'a', title: 'A' }], params: [{ name: 'p' }] };
    expect(() => checkReportInput(ok)).not.toThrow();
    expect(() => checkReportInput({ ...ok, params: [] })).toThrow('报表SQL使用了未声明的参数: p');
    expect(() => checkReportInput({ ...ok, items: [{ name: 'A"; drop', title: 'x' }] })).toThrow(/^报表字段名不正确/);
    expect(() =>
      checkReportInput({
        ...ok,
        items: [
          { name: 'a', title: 'A' },
          { name: 'a', title: 'B' },
        ],
      }),
    ).toThrow('报表字段重复: a');
    expect(() => checkReportInput({ ...ok, code: "x' or 1=1" })).toThrow(/^报表编码格式不正确/);
    expect(() => checkReportInput({ ...ok, scope: 'donation/activity' })).not.toThrow();
    expect(() => checkReportInput({ ...ok, scope: 'x; drop' })).toThrow('报表数据范围格式不正确: x; drop');
  });
});

const def: ReportDefinition = {
  id: '1',
  code: 'r',
  name: 'R',
  sql: parseReportSql('select * from t where s <> ${exclude}'),
  perms: [],
  params: [{ name: 'exclude', title: null, defaultValue: '0' }],
  items: [
    { name: 'name', title: '名称', type: 'string', dict: null, show: true, search: true, range: false, hidden: '0' },
    { name: 'status', title: '状态', type: 'string', dict: 'status', show: true, search: true, range: false, hidden: '1' },
    { name: 'amount', title: '金额', type: 'number', dict: null, show: true, search: true, range: true, hidden: '0' },
    { name: 'day', title: '日期', type: 'datetime', dict: null, show: true, search: true, range: true, hidden: '0' },
    { name: 'note', title: '备注', type: 'string', dict: null, show: true, search: false, range: false, hidden: '0' },
  ],
};

const status = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return [(e as ApiError).status, (e as Error).message];
  }
  return undefined;
};

describe('getData parameters', () => {
  it('empty values are absent; params fall back to their default', () => {
    const r = parseDataRequest(def, { name: '', status: '  ', exclude: '' });
    expect(r.filters).toEqual([]);
    expect(r.params).toEqual({ exclude: '0' });
    expect(parseDataRequest(def, { exclude: "1' or 1=1" }).params).toEqual({ exclude: "1' or 1=1" });
  });

  it('text is a contains search (the *x* spelling too), a dictionary value must match, ranges compare', () => {
    const r = parseDataRequest(def, { name: '*春蕾*', status: '1', amount_begin: '10', amount_end: '20.5', day_end: '2025-01-31', note: 'x' });
    expect(r.filters.map((f) => [f.item.name, f.op, f.value])).toEqual([
      ['name', 'like', '春蕾'],
      ['status', 'eq', '1'],
      ['amount', 'gte', 10],
      ['amount', 'lte', 20.5],
      ['day', 'lte', '2025-01-31 23:59:59'],
    ]);
  });

  it('paging and sorting: defaults, limits, allow-listed columns only', () => {
    expect(parseDataRequest(def, {})).toMatchObject({ pageNo: 1, pageSize: 10, sort: undefined });
    expect(parseDataRequest(def, { column: 'amount', order: 'desc', pageNo: '3', pageSize: '30' })).toMatchObject({
      pageNo: 3,
      pageSize: 30,
      sort: { column: 'amount', order: 'desc' },
    });
    expect(status(() => parseDataRequest(def, { column: 'id; drop table t' }))).toEqual([400, '排序字段不存在: id; drop table t']);
    expect(status(() => parseDataRequest(def, { order: 'desc nulls first' }))).toEqual([400, '排序方式只能是 asc 或 desc']);
    expect(status(() => parseDataRequest(def, { pageSize: '0' }))).toEqual([400, '分页参数不正确: pageSize']);
    expect(status(() => parseDataRequest(def, { amount_begin: '1 or 1=1' }))).toEqual([400, '查询条件格式不正确: 金额']);
  });
});
