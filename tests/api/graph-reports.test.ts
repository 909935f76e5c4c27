import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedMenuIdOf } from '../../server/engine/schema/menus.ts';
import { newId } from '../../server/lib/ids.ts';
import { nowText } from '../../server/lib/time.ts';
import { addUser } from './helpers/fixtures.ts';
import { addActivity, addDonation, count, refused } from './helpers/schema-records.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * 图表配置 and 图表报表 (issue 20, item 3): chart definitions over an online report's columns or a
 * screen's fields, written through the generic writer and checked against their source; their figures
 * grouped in SQL as the signed-in user may read the source (tenant, 查看权限, the screen's list); 测试,
 * 发布 to a menu entry, and the dashboard's chart blocks.
 */

let s: TestServer;
let admin: string;
type Row = { text: string; value: unknown; y0: number; y1?: number };

beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  const a = await addActivity(s, admin, { activityName: '图表活动甲', targetAmount: 5000 });
  const b = await addActivity(s, admin, { activityName: '图表活动乙', targetAmount: 8000 });
  await addDonation(s, admin, a, { amount: 100, payMethod: '1' });
  await addDonation(s, admin, a, { amount: 250.5, payMethod: '1' });
  await addDonation(s, admin, b, { amount: 40, payMethod: '2' });
  // Another tenant's donation: in the table, never in this tenant's figures.
  const foreign = await addDonation(s, admin, b, { amount: 9999, payMethod: '2' });
  await s.db.insertInto('sys_tenant').values({ id: 2, name: '另一个租户', status: 1, create_time: nowText() }).execute();
  await sql`update donation_record set tenant_id = 2 where id = ${foreign}`.execute(s.db);
});
afterAll(() => s?.close());

const chart = (code: string, token = admin) => s.api.get(`/online/graphreport/api/getChartsData/${code}`, token);

describe('the demo charts', () => {
  it('捐赠方式分布 sums 捐赠记录 by payment method, labelled by the dictionary, within the tenant', async () => {
    const r = await chart('graph_donation_pay_method');
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true });
    const data = r.body.result;
    expect(data.types).toEqual(['pie', 'bar', 'table']);
    expect(data.dimension).toEqual({ key: 'pay_method', label: '支付方式' });
    expect(data.series).toEqual([{ key: 'y0', label: '捐赠金额' }]);
    expect(data.rows.map((x: Row) => [x.text, x.value, x.y0])).toEqual([
      ['微信支付', '1', 350.5],
      ['支付宝', '2', 40],
    ]);
  });

  it('活动筹款进度 sums the 捐赠活动 report’s columns by activity', async () => {
    const r = await chart('graph_activity_funds');
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true });
    const rows = r.body.result.rows as Row[];
    expect(r.body.result.series.map((x: { label: string }) => x.label)).toEqual(['目标金额', '已筹金额']);
    expect(rows.find((x) => x.text === '图表活动甲')).toMatchObject({ y0: 5000 });
    expect(rows.find((x) => x.text === '图表活动乙')).toMatchObject({ y0: 8000 });
  });

  it('over a report, the report’s query items filter the rows before grouping, and come with the figures', async () => {
    const all = (await chart('graph_activity_funds')).body.result;
    expect(all.query.map((q: { field: string }) => q.field)).toEqual(['activity_no', 'activity_name', 'category', 'status', 'start_date']);
    const r = await s.api.get(`/online/graphreport/api/getChartsData/graph_activity_funds?activity_name=${encodeURIComponent('图表活动乙')}`, admin);
    expect(r.body.result.rows.map((x: Row) => [x.text, x.y0])).toEqual([['图表活动乙', 8000]]);
    refused(await s.api.get('/online/graphreport/api/getChartsData/graph_activity_funds?start_date_begin=yesterday', admin), '查询条件格式不正确: 开始日期');
  });

  it('over a screen, the list’s query items filter the rows before grouping (no 高级查询), and a field off the list is refused', async () => {
    const all = (await chart('graph_donation_pay_method')).body.result;
    // By property, as the screen's list reads its filters; the table dictionary keeps its columns.
    expect(all.query.map((q: { field: string }) => q.field)).toEqual(['donorName', 'activityId', 'payStatus', 'amount', 'payTime', 'payMethod', 'donorType']);
    expect(all.query.find((q: { field: string }) => q.field === 'activityId')).toMatchObject({
      view: 'list',
      dictTable: 'donation_activity',
      dictText: 'activity_name',
      dictCode: 'id',
    });
    const r = await s.api.get('/online/graphreport/api/getChartsData/graph_donation_pay_method?amount_begin=200', admin);
    expect(r.body.result.rows.map((x: Row) => [x.text, x.y0])).toEqual([['微信支付', 250.5]]);
    const byMethod = await s.api.get('/online/graphreport/api/getChartsData/graph_donation_pay_method?payMethod=2', admin);
    expect(byMethod.body.result.rows.map((x: Row) => [x.text, x.y0])).toEqual([['支付宝', 40]]);
    refused(
      await s.api.get('/online/graphreport/api/getChartsData/graph_donation_pay_method?pay_method=2', admin),
      '未知的查询字段: pay_method（应写作 payMethod）',
    );
    const advanced = encodeURIComponent(JSON.stringify([{ field: 'amount', rule: 'gt', val: '1000' }]));
    const ignored = await s.api.get(`/online/graphreport/api/getChartsData/graph_donation_pay_method?superQueryParams=${advanced}`, admin);
    expect(ignored.body.result.rows.map((x: Row) => x.y0)).toEqual([350.5, 40]);
    expect((await s.api.get('/online/graphreport/api/getChartsData/graph_donation_pay_method?column=no_such_column&order=asc', admin)).status).toBe(400);
  });

  it('the dashboard lists both for the admin, and only what a user may read for others', async () => {
    const all = await s.api.get('/online/graphreport/api/dashboard', admin);
    expect(all.body.result.map((g: { code: string }) => g.code)).toEqual(['graph_activity_funds', 'graph_donation_pay_method']);
    // A role holding no screen: the report (no 查看权限, every signed-in user) yes, 捐赠记录 no.
    const role = newId();
    await s.db
      .insertInto('sys_role')
      .values({
        id: role,
        role_name: '空角色',
        role_code: 'bare',
        description: null,
        tenant_id: 1,
        create_by: 'test',
        create_time: nowText(),
        update_by: null,
        update_time: null,
      })
      .execute();
    const user = await addUser(s.db, 'chartless', ADMIN_PASSWORD, { role: 'guest' });
    await sql`update sys_user_role set role_id = ${role} where user_id = ${user}`.execute(s.db);
    const token = await s.loginAs('chartless', ADMIN_PASSWORD);
    const mine = await s.api.get('/online/graphreport/api/dashboard', token);
    expect(mine.body.result.map((g: { code: string }) => g.code)).toEqual(['graph_activity_funds']);
    refused(await chart('graph_donation_pay_method', token), '没有权限访问图表【捐赠方式分布】，请联系管理员授权', 403);
  });
});

describe('图表配置', () => {
  const DEFINITION = {
    code: 'graph_activity_count',
    name: '各类别活动数',
    sourceType: 'entity',
    source: 'donation/activity',
    xField: 'category',
    yFields: 'id',
    aggregate: 'count',
    graphType: 'line,table',
    dashboard: 0,
    orderNum: 3,
  };
  let id: string;

  it('adds a chart over a screen’s fields; 测试 and getChartsData give its figures', async () => {
    const r = await s.api.post('/online/graph_report/add', DEFINITION, admin);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true });
    id = r.body.result.id;
    const data = (await chart('graph_activity_count')).body.result;
    const expected = await sql<{
      category: string;
      n: string;
    }>`select category, count(*) as n from donation_activity where tenant_id = 1 group by category order by category`.execute(s.db);
    expect(data.rows.map((x: Row) => [x.value, x.y0])).toEqual(expected.rows.map((e) => [e.category, Number(e.n)]));
    expect(data.rows[0].text).not.toBe(data.rows[0].value);
    const test = await s.api.post(`/online/graph_report/operation/test?id=${id}`, {}, admin);
    expect(test.body.message).toBe(`测试成功，共${expected.rows.length}组，系列: ${data.series[0].label}`);
  });

  it('发布 makes a menu entry under 在线开发 showing the chart, granted to admin', async () => {
    const r = await s.api.post(`/online/graph_report/operation/publish?id=${id}`, {}, admin);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true, message: '发布成功，菜单地址: /online/graphreport/chart/graph_activity_count' });
    const menu = await s.db
      .selectFrom('sys_permission')
      .selectAll()
      .where('id', '=', publishedMenuIdOf('graphreport/graph_activity_count'))
      .executeTakeFirstOrThrow();
    expect(menu).toMatchObject({ name: '各类别活动数', component: 'graphreport/graph_activity_count', del_flag: 0 });
    expect(await count(s, 'sys_role_permission', sql`permission_id = ${menu.id}`)).toBe(1);
  });

  it('refuses a chart whose source or columns do not fit, naming the problem, and stores nothing', async () => {
    const before = await count(s, 'onl_graphreport_head');
    const add = (changes: Record<string, unknown>) => s.api.post('/online/graph_report/add', { ...DEFINITION, code: 'graph_bad', ...changes }, admin);
    refused(await add({ xField: 'nothing_here' }), '图表字段不存在: nothing_here');
    refused(await add({ aggregate: 'sum', yFields: 'activity_name' }), '图表字段【活动名称】不是数值，不能求和');
    refused(await add({ source: 'donation/record', xField: 'phone', yFields: 'amount' }), '图表字段【联系电话】是敏感字段，不能用于图表');
    refused(await add({ sourceType: 'report', source: 'report_nothing' }), '图表的在线报表不存在: report_nothing');
    refused(await add({ source: 'donation/nothing' }), '图表的表单不存在: donation/nothing');
    refused(await add({ graphType: 'bar,radar' }), '图表类型不正确: radar');
    refused(await add({ yFields: 'id;drop table x' }), /数值字段是逗号分隔的字段名/);
    expect(await count(s, 'onl_graphreport_head')).toBe(before);
  });

  it('a definition its source no longer fits answers a message for the administrator, not figures', async () => {
    await sql`update onl_graphreport_head set y_fields = 'gone_column' where id = ${id}`.execute(s.db);
    const r = await chart('graph_activity_count');
    expect(r.status).toBe(500);
    expect(r.body.message).toBe('图表【各类别活动数】的配置有误：图表字段不存在: gone_column');
    refused(await chart('no_such_chart'), '图表不存在: no_such_chart', 404);
    refused(await chart('bad code!'), '图表编码格式不正确');
  });
});
