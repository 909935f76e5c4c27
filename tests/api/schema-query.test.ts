import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addActivity, addDonation, count, refused } from './helpers/schema-records.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/* The list query: every operator of the query bar, ranges, sort and paging, and every bad parameter refused. */

let s: TestServer;
let admin: string;
const ids: Record<string, string> = {};

const DONATIONS: [string, number, string, string, string][] = [
  // name, amount, pay method, pay status, pay time
  ['张三', 10, '1', '2', '2025-03-01 09:00:00'],
  ['张三丰', 50, '2', '2', '2025-03-02 23:59:59'],
  ['李四', 100, '3', '1', '2025-03-03 00:00:00'],
  ['王五', 200.5, '1', '3', '2025-03-04 12:00:00'],
  ['赵六', 500, '4', '2', '2025-04-01 08:00:00'],
  ['100%_好人', 1000, '5', '2', '2025-04-02 08:00:00'],
  ['孙七', 20, '1', '2', '2025-05-01 08:00:00'],
];

beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  const activity = await addActivity(s, admin);
  for (const [name, amount, method, status, time] of DONATIONS) {
    ids[name] = await addDonation(s, admin, activity, {
      donorName: name,
      amount,
      payMethod: method,
      payStatus: status,
      payTime: status === '1' ? null : time,
    });
  }
});
afterAll(() => s?.close());

const list = async (query: string) => {
  const r = await s.api.get(`/donation/record/list?${query}`, admin);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result as { records: Record<string, any>[]; total: number; size: number; current: number; pages: number };
};
const names = async (query: string) => (await list(`pageSize=100&column=amount&order=asc&${query}`)).records.map((r) => r.donorName);
const q = (value: string) => encodeURIComponent(value);

describe('filters', () => {
  it('field=value is an exact match, on a dictionary field and on text', async () => {
    expect(await names('payMethod=1')).toEqual(['张三', '孙七', '王五']);
    expect(await names(`donorName=${q('张三')}`)).toEqual(['张三']);
  });

  it('*x*, x* and *x are contains, starts-with and ends-with', async () => {
    expect(await names(`donorName=${q('*三*')}`)).toEqual(['张三', '张三丰']);
    expect(await names(`donorName=${q('张*')}`)).toEqual(['张三', '张三丰']);
    expect(await names(`donorName=${q('*丰')}`)).toEqual(['张三丰']);
  });

  it('treats % and _ inside a like value as plain characters', async () => {
    expect(await names(`donorName=${q('*%_*')}`)).toEqual(['100%_好人']);
    expect(await names(`donorName=${q('*_*')}`)).toEqual(['100%_好人']);
  });

  it('!x is not equal', async () => {
    expect(await names('payStatus=!2')).toEqual(['李四', '王五']);
  });

  it('>=x, <=x, >x and <x compare', async () => {
    expect(await names(`amount=${q('>=200.5')}`)).toEqual(['王五', '赵六', '100%_好人']);
    expect(await names(`amount=${q('>200.5')}`)).toEqual(['赵六', '100%_好人']);
    expect(await names(`amount=${q('<=20')}`)).toEqual(['张三', '孙七']);
    expect(await names(`amount=${q('<20')}`)).toEqual(['张三']);
  });

  it('a,b,c on a dictionary field is any of them; on free text a comma is just a character', async () => {
    expect(await names('payMethod=2,4,5')).toEqual(['张三丰', '赵六', '100%_好人']);
    expect(await names(`donorName=${q('张三,李四')}`)).toEqual([]);
  });

  it('{field}_begin and _end are a range; a date-only end covers its whole day', async () => {
    expect(await names('amount_begin=50&amount_end=500')).toEqual(['张三丰', '李四', '王五', '赵六']);
    expect(await names('payTime_begin=2025-03-01&payTime_end=2025-03-02')).toEqual(['张三', '张三丰']);
    expect(await names(`payTime_begin=${q('2025-03-02 00:00:00')}&payTime_end=${q('2025-03-04 11:59:59')}`)).toEqual(['张三丰']);
    expect(await names('payTime=2025-03-02')).toEqual(['张三丰']);
  });

  it('filters by property (payTime, createBy, the audit ones too), and ignores empty values and the reserved parameters', async () => {
    expect(await names('createBy=admin&donorName=&_t=123&field=id,donorName')).toHaveLength(7);
    expect(await names('createTime_begin=2000-01-01')).toHaveLength(7);
  });

  it('refuses a column name where the record has another property, saying which to write', async () => {
    refused(await s.api.get('/donation/record/list?pay_method=1', admin), '未知的查询字段: pay_method（应写作 payMethod）');
    refused(await s.api.get('/donation/record/list?create_time_begin=2000-01-01', admin), '未知的查询字段: create_time_begin（应写作 createTime_begin）');
    refused(await s.api.get('/donation/record/list?column=pay_time', admin), '不支持按该字段排序: pay_time（应写作 payTime）');
    refused(
      await s.api.get(`/donation/record/list?superQueryParams=${q(JSON.stringify([{ field: 'donor_name', rule: 'eq', val: '张三' }]))}`, admin),
      '高级查询字段不存在: donor_name（应写作 donorName）',
    );
  });
});

describe('sort and paging', () => {
  it('sorts by createTime descending by default (newest first)', async () => {
    const page = await list('');
    expect(page.records[0].donorName).toBe('孙七');
    expect(page).toMatchObject({ total: 7, size: 10, current: 1, pages: 1 });
  });

  it('sorts by any declared field, by its property, either way', async () => {
    expect((await list('column=amount&order=desc')).records.map((r) => r.amount)).toEqual([1000, 500, 200.5, 100, 50, 20, 10]);
    // Empty values sort as the smallest: first ascending, last descending (one index serves both).
    const ascending = (await list('column=payTime&order=asc')).records.map((r) => r.payTime as string | null);
    const descending = (await list('column=payTime&order=desc')).records.map((r) => r.payTime as string | null);
    expect(ascending[0]).toBeNull();
    expect(descending.at(-1)).toBeNull();
    const stamps = ascending.filter((t): t is string => t !== null);
    expect(stamps).toEqual([...stamps].sort());
    expect(descending.filter((t) => t !== null)).toEqual([...stamps].reverse());
  });

  it('pages with pageNo and pageSize', async () => {
    const second = await list('column=amount&order=asc&pageNo=2&pageSize=3');
    expect(second).toMatchObject({ total: 7, size: 3, current: 2, pages: 3 });
    expect(second.records.map((r) => r.donorName)).toEqual(['李四', '王五', '赵六']);
    expect((await list('pageSize=5000')).size).toBe(1000);
  });
});

describe('bad parameters', () => {
  it('refuses a filter on a column the document does not declare', async () => {
    refused(await s.api.get('/donation/record/list?password=1', admin), '未知的查询字段: password');
    refused(await s.api.get('/donation/record/list?nothing_begin=1', admin), '未知的查询字段: nothing_begin');
  });

  it('refuses a sort on an undeclared column or in an unknown direction', async () => {
    refused(await s.api.get('/donation/record/list?column=password', admin), '不支持按该字段排序: password');
    refused(await s.api.get('/donation/record/list?column=amount&order=sideways', admin), '不支持的排序方式: sideways');
  });

  it('refuses values that do not fit the column, like on a number, repeated parameters and bad paging', async () => {
    refused(await s.api.get(`/donation/record/list?amount=${q('>=abc')}`, admin), '捐赠金额的查询值格式不正确: abc');
    refused(await s.api.get('/donation/record/list?payTime_end=2025-13-40', admin), '支付时间的查询值格式不正确: 2025-13-40');
    refused(await s.api.get(`/donation/record/list?amount=${q('*1*')}`, admin), '捐赠金额不支持模糊查询');
    refused(await s.api.get('/donation/record/list?payMethod=1&payMethod=2', admin), '查询参数重复: payMethod');
    refused(await s.api.get('/donation/record/list?pageNo=abc', admin), '分页参数不正确: abc');
  });

  const injections: [string, string | RegExp][] = [
    [`${q('donor_name;drop table donation_record;--')}=1`, /^未知的查询字段: /],
    [`${q('donor_name) or (1=1')}=1`, /^未知的查询字段: /],
    [`column=${q('amount;drop table donation_record')}`, /^不支持按该字段排序: /],
    [`column=${q('(select password from sys_user limit 1)')}`, /^不支持按该字段排序: /],
    [`column=amount&order=${q('desc; drop table donation_record')}`, /^不支持的排序方式: /],
    [`amount=${q('>=1; drop table donation_record')}`, /^捐赠金额的查询值格式不正确/],
    [`payTime_begin=${q("2025-01-01' or '1'='1")}`, /^支付时间的查询值格式不正确/],
    [`pageSize=${q('10; delete from donation_record')}`, /^分页参数不正确/],
  ];
  it.each(injections)('refuses %s with 400 and leaves the tables as they were', async (query, message) => {
    const before = [await count(s, 'donation_record'), await count(s, 'sys_user')];
    refused(await s.api.get(`/donation/record/list?${query}`, admin), message);
    expect([await count(s, 'donation_record'), await count(s, 'sys_user')]).toEqual(before);
  });

  it('binds SQL in a text value as a value: it matches nothing and changes nothing', async () => {
    expect(await names(`donorName=${q("' or '1'='1")}`)).toEqual([]);
    expect(await names(`donorName=${q("*'; delete from donation_record; --*")}`)).toEqual([]);
    expect(await count(s, 'donation_record')).toBe(7);
  });
});

describe('高级查询 (superQueryParams)', () => {
  const advanced = (conditions: unknown, match?: string, encode = false) =>
    `superQueryParams=${q(encode ? encodeURIComponent(JSON.stringify(conditions)) : JSON.stringify(conditions))}${match ? `&superQueryMatchType=${match}` : ''}`;

  it('all conditions, or any one, with the query bar’s filters beside them', async () => {
    expect(
      await names(
        advanced([
          { field: 'donorName', rule: 'like', val: '张' },
          { field: 'amount', rule: 'ge', val: '20' },
        ]),
      ),
    ).toEqual(['张三丰']);
    expect(
      await names(
        advanced(
          [
            { field: 'donorName', rule: 'eq', val: '孙七' },
            { field: 'amount', rule: 'gt', val: '400' },
          ],
          'or',
        ),
      ),
    ).toEqual(['孙七', '赵六', '100%_好人']);
    expect(
      await names(
        `payMethod=1&${advanced(
          [
            { field: 'amount', rule: 'lt', val: '100' },
            { field: 'amount', rule: 'gt', val: '150' },
          ],
          'or',
        )}`,
      ),
    ).toEqual(['张三', '孙七', '王五']);
    expect(await names(advanced([{ field: 'payMethod', rule: 'in', val: '4,5' }]))).toEqual(['赵六', '100%_好人']);
    expect(await names(advanced([{ field: 'payStatus', rule: 'ne', val: '2' }], 'and', true))).toEqual(['李四', '王五']);
    expect(await names(advanced([{ field: 'donorName', rule: 'like', val: '100%' }]))).toEqual(['100%_好人']);
  });

  it('fields outside the allow-list, unknown rules, bad values and bad JSON are refused', async () => {
    const refusedWith = async (query: string, message: string) => refused(await s.api.get(`/donation/record/list?${query}`, admin), message);
    await refusedWith(advanced([{ field: 'password', rule: 'eq', val: '1' }]), '高级查询字段不存在: password');
    await refusedWith(advanced([{ field: 'amount', rule: 'regex', val: '1' }]), '不支持的高级查询规则: regex');
    await refusedWith(advanced([{ field: 'amount', rule: 'eq', val: 'abc' }]), '捐赠金额的查询值格式不正确: abc');
    await refusedWith(advanced([{ field: 'amount', rule: 'eq', val: ' ' }]), '请填写捐赠金额的查询值');
    await refusedWith(advanced([{ field: 'amount', rule: 'eq', val: '1' }], 'xor'), '高级查询的匹配方式只能是 and 或 or');
    await refusedWith(`superQueryParams=${q('[{"field":')}`, '高级查询条件格式不正确');
    await refusedWith(advanced(Array.from({ length: 21 }, () => ({ field: 'amount', rule: 'eq', val: '1' }))), '高级查询条件格式不正确（最多20个条件）');
  });

  it('needs the screen’s superQuery button', async () => {
    await s.db
      .insertInto('sys_user_role')
      .values({
        id: 'sq-test-role',
        user_id: (await s.db.selectFrom('sys_user').select('id').where('username', '=', 'zhangwei').executeTakeFirstOrThrow()).id,
        role_id: (await s.db.selectFrom('sys_role').select('id').where('role_code', '=', 'fundraiser').executeTakeFirstOrThrow()).id,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const zhangwei = await s.loginAs('zhangwei', ADMIN_PASSWORD);
    const query = `/donation/record/list?${advanced([{ field: 'amount', rule: 'ge', val: '1' }])}`;
    expect((await s.api.get(query, zhangwei)).status).toBe(200);
    const button = await s.db.selectFrom('sys_permission').select('id').where('perms', '=', 'donation:record:superQuery').executeTakeFirstOrThrow();
    await s.db
      .deleteFrom('sys_role_permission')
      .where('permission_id', '=', button.id)
      .where('role_id', '<>', (await s.db.selectFrom('sys_role').select('id').where('role_code', '=', 'admin').executeTakeFirstOrThrow()).id)
      .execute();
    await s.db
      .deleteFrom('sys_depart_permission' as never)
      .where('permission_id' as never, '=', button.id as never)
      .execute();
    const r = await s.api.get(query, zhangwei);
    expect(r.status, JSON.stringify(r.body)).toBe(403);
    expect(r.body.message).toContain('donation:record:superQuery');
    expect((await s.api.get('/donation/record/list', zhangwei)).status).toBe(200);
  });
});

describe('query views and buttons of the spec’s maps', () => {
  it('the popup query view’s value filters by the picked text: 捐赠团队 by 队长', async () => {
    const activity = await addActivity(s, admin, { activityName: '队长查询活动' });
    for (const [team, leader] of [
      ['甲队', '王队长'],
      ['乙队', '李队长'],
    ]) {
      const r = await s.api.post('/donation/team/add', { teamName: team, activityId: activity, status: '1', leaderName: leader }, admin);
      expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    }
    const r = await s.api.get(`/donation/team/list?leaderName=${encodeURIComponent('王队长')}&pageSize=100`, admin);
    expect(r.body.result.records.map((t: { teamName: string }) => t.teamName)).toEqual(['甲队']);
  });

  it('配置地址 is a button permission of the screens whose toolbar lists it, held by their menu roles', async () => {
    const held = async (perms: string) =>
      (await s.db.selectFrom('sys_permission').select('id').where('perms', '=', perms).where('menu_type', '=', 2).execute()).length;
    expect(await held('donation:record:getUrl')).toBe(1);
    expect(await held('donation:team:getUrl')).toBe(0);
    const grant = await s.api.get('/sys/permission/getUserPermissionByToken', admin);
    expect(grant.body.result.auth.map((a: { action: string }) => a.action)).toContain('donation:record:getUrl');
  });
});
