import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/lib/ids.ts';
import { nowText } from '../../server/lib/time.ts';
import { saveReport } from '../../server/services/online-reports/definitions.ts';
import { addActivity, count, refused } from './helpers/schema-records.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * Online reports: the demo definitions, the three popup calls with filters, paging and sorting, values
 * that carry SQL staying values, a report body that tries to write refused by the read-only transaction,
 * who may read a report, and the linked dropdown's querySelectOptions over declared tree tables only.
 */

const REGION = {
  version: 1,
  code: 'test/region',
  title: '测试地区',
  menu: { parent: 'testarea' },
  entity: {
    table: 'test_region',
    dictSource: { text: ['name'], code: ['code', 'id'], pid: 'pid' },
    fields: [
      { name: 'name', label: '名称', type: 'string', length: 50, required: true },
      { name: 'code', label: '编码', type: 'string', length: 20, required: true },
      { name: 'pid', label: '上级', type: 'string', length: 32 },
      { name: 'note', label: '备注', type: 'string', length: 50 },
    ],
  },
};

let s: TestServer;
let admin: string;
let zhangwei: string;
let wangfang: string;
let userReport: string;
let activityReport: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  zhangwei = await s.loginAs('zhangwei', ADMIN_PASSWORD);
  wangfang = await s.loginAs('wangfang', ADMIN_PASSWORD);
  await addActivity(s, admin, { activityName: '春蕾助学', category: '1', status: '1', startDate: '2025-03-01' });
  await addActivity(s, admin, { activityName: '乡村图书角', category: '3', status: '1', startDate: '2025-06-01' });
  await addActivity(s, admin, { activityName: '草稿活动', category: '1', status: '0' });
  userReport = (await s.api.get('/online/cgreport/api/getRpColumns/report_user', admin)).body.result.cgRpConfigId;
  activityReport = (await s.api.get('/online/cgreport/api/getRpColumns/report_donation_activity', admin)).body.result.cgRpConfigId;
});
afterAll(() => s?.close());

const data = (id: string, query = '', token = admin) => s.api.get(`/online/cgreport/api/getData/${id}${query ? `?${query}` : ''}`, token);

describe('report definitions and the popup calls', () => {
  it('getRpColumns: shown columns with their dictionaries, the config id and name', async () => {
    const r = await s.api.get('/online/cgreport/api/getRpColumns/report_donation_activity', admin);
    expect(r.body.success).toBe(true);
    const { columns, dictOptions, cgRpConfigId, cgRpConfigName } = r.body.result;
    expect(cgRpConfigName).toBe('捐赠活动');
    expect(cgRpConfigId).toBe(activityReport);
    expect(columns.map((c: { dataIndex: string }) => c.dataIndex)).not.toContain('id');
    expect(columns).toContainEqual({ dataIndex: 'category', title: '活动类别', customRender: 'donation_category' });
    expect(dictOptions.donation_category).toContainEqual(expect.objectContaining({ value: '3', text: '图书' }));
  });

  it('getQueryInfo: the query items with view, mode and the hidden flag', async () => {
    const r = await s.api.get(`/online/cgreport/api/getQueryInfo/${activityReport}`, admin);
    expect(r.body.result).toContainEqual({ field: 'activity_name', label: '活动名称', view: 'text', mode: 'single', hidden: '0' });
    expect(r.body.result).toContainEqual({ field: 'status', label: '状态', view: 'list', mode: 'single', dictCode: 'activity_status', hidden: '1' });
    expect(r.body.result).toContainEqual({ field: 'start_date', label: '开始日期', view: 'date', mode: 'group', hidden: '1' });
  });

  it('getData: the parameter default applies (drafts excluded), filters, ranges, paging and sorting', async () => {
    const all = await data(activityReport);
    expect(all.body.result.total).toBe(2);
    const names = all.body.result.records.map((r: { activity_name: string }) => r.activity_name);
    expect(names).not.toContain('草稿活动');
    expect((await data(activityReport, 'activity_name=图书')).body.result.records.map((r: { activity_name: string }) => r.activity_name)).toEqual([
      '乡村图书角',
    ]);
    expect((await data(activityReport, 'category=1&activity_name=')).body.result.total).toBe(1);
    expect((await data(activityReport, 'start_date_begin=2025-05-01&start_date_end=2025-12-31')).body.result.total).toBe(1);
    const sorted = await data(activityReport, 'column=start_date&order=desc&pageNo=1&pageSize=1');
    expect(sorted.body.result).toMatchObject({ total: 2, records: [{ activity_name: '乡村图书角' }] });
    const second = await data(activityReport, 'column=start_date&order=desc&pageNo=2&pageSize=1');
    expect(second.body.result.records[0].activity_name).toBe('春蕾助学');
    // The parameter is a bound value too: giving it changes what the statement compares with.
    expect((await data(activityReport, 'exclude_status=1')).body.result.records.map((r: { activity_name: string }) => r.activity_name)).toEqual(['草稿活动']);
  });

  it('values carrying SQL stay values: nothing executes, nothing changes', async () => {
    const users = await count(s, 'sys_user');
    for (const query of [
      `activity_name=${encodeURIComponent("x' or '1'='1")}`,
      `exclude_status=${encodeURIComponent("0' or 1=1; delete from sys_user; --")}`,
      `category=${encodeURIComponent('1); drop table sys_user; --')}`,
    ]) {
      const r = await data(activityReport, query);
      expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    }
    expect((await data(activityReport, `activity_name=${encodeURIComponent("x' or '1'='1")}`)).body.result.total).toBe(0);
    expect(await count(s, 'sys_user')).toBe(users);
  });

  it('identifiers from the request never reach SQL: unknown sort columns and bad paging are refused', async () => {
    refused(await data(activityReport, `column=${encodeURIComponent('id; delete from sys_user')}`), /^排序字段不存在/);
    refused(await data(activityReport, 'column=start_date&order=desc;drop'), '排序方式只能是 asc 或 desc');
    refused(await data(activityReport, 'pageSize=100000'), '分页参数不正确: pageSize');
    refused(await data(activityReport, 'start_date_begin=yesterday'), '查询条件格式不正确: 开始日期');
    // Query keys that are not query items are ignored, not turned into conditions.
    expect((await data(activityReport, 'donor_count=999&not_a_column=1')).body.result.total).toBe(2);
  });

  it('a report body that tries to write is refused by the read-only transaction and changes nothing', async () => {
    const store = async (code: string, body: string) => {
      const id = newId();
      // Written straight into the table, past saveReport's checks: the transaction is the last line of defence.
      await s.db
        .insertInto('onl_cgreport_head' as never)
        .values({ id, code, name: '恶意报表', cgr_sql: body, del_flag: 0, create_by: 'test', create_time: nowText() } as never)
        .execute();
      return id;
    };
    await sql`create function test_wipe_users() returns bigint language sql volatile as $$ with d as (delete from sys_user returning 1) select count(*) from d $$`.execute(
      s.db,
    );
    const users = await count(s, 'sys_user');
    refused(await data(await store('evil_fn', 'select test_wipe_users() as n')), '报表查询试图修改数据，已拒绝：报表只能读取数据');
    const nested = await data(await store('evil_with', 'with d as (delete from sys_user returning id) select id from d'));
    expect(nested.body.success).toBe(false);
    expect(await count(s, 'sys_user')).toBe(users);
    // Credentials are withheld from report SQL: the password hashes, the SMS codes.
    for (const [code, body] of [
      ['evil_hash', 'select username, password from sys_user'],
      ['evil_star', 'select * from sys_user'],
      ['evil_sms', 'select * from sys_sms_code'],
    ]) {
      const r = await data(await store(code, body));
      expect(r.body.success, code).toBe(false);
      expect(JSON.stringify(r.body)).not.toMatch(/scrypt|\$[0-9a-z]+\$/);
    }
    expect((await data(await store('fine_users', 'select username, realname from sys_user'))).body.success).toBe(true);
    await expect(
      saveReport(s.db, { code: 'two', name: '两条', sql: 'select 1 as a; delete from sys_user', items: [{ name: 'a', title: 'A' }] }),
    ).rejects.toThrow('报表SQL只能是一条查询语句');
    await expect(saveReport(s.db, { code: 'upd', name: '更新', sql: 'update sys_user set realname = 1', items: [] })).rejects.toThrow(
      '报表SQL必须是查询语句（select 或 with 开头）',
    );
  });

  it('#{sys_user_code} and #{sys_org_code} are the signed-in user’s, whatever the request says', async () => {
    const id = await saveReport(s.db, {
      code: 'report_me',
      name: '我的账号',
      sql: "select username, org_code from sys_user where username = #{sys_user_code} and coalesce(org_code, '') = #{sys_org_code}",
      items: [
        { name: 'username', title: '账号' },
        { name: 'org_code', title: '部门' },
      ],
    });
    for (const [token, name] of [
      [zhangwei, 'zhangwei'],
      [wangfang, 'wangfang'],
    ]) {
      const r = await data(id, 'sys_user_code=admin&sys_org_code=A01', token);
      expect(r.body.result.records.map((u: { username: string }) => u.username)).toEqual([name]);
    }
  });

  it.skipIf(!!process.env.TEST_DATABASE_URL)('on the embedded database, a report planned to cost too much is refused before it runs', async () => {
    const id = await saveReport(s.db, {
      code: 'report_huge',
      name: '笛卡尔积',
      sql: 'select x.i as a from generate_series(1, 100000) x(i), generate_series(1, 100000) y(j)',
      items: [{ name: 'a', title: 'A' }],
    });
    refused(await data(id), /^报表【笛卡尔积】的查询量过大（估算成本\d+，上限5000000），请增加查询条件或缩小范围$/);
    // One of a table's size runs.
    expect((await data(activityReport, 'pageSize=1')).body.success).toBe(true);
  });

  it('report SQL may not sleep (on the embedded database it would hold the one connection until the time limit)', async () => {
    const id = await saveReport(s.db, { code: 'report_sleepy', name: '睡眠', sql: 'select pg_sleep(0.01)::text as a', items: [{ name: 'a', title: 'A' }] });
    const r = await data(id);
    expect(r.body.success).toBe(false);
    expect(r.body.message).toMatch(/pg_sleep/);
  });

  it('a scope naming no screen fails closed', async () => {
    const id = await saveReport(s.db, {
      code: 'report_lost_scope',
      name: '失效范围',
      scope: 'donation/gone',
      sql: 'select id from donation_activity',
      items: [{ name: 'id', title: 'ID' }],
    });
    refused(await data(id), '报表【失效范围】的数据范围【donation/gone】不存在，请联系管理员', 500);
  });

  it('who may read: the user report needs a team add or edit permission; unknown reports are 404', async () => {
    const r = await data(userReport, 'realname=张', zhangwei);
    expect(r.body.result.records).toEqual([expect.objectContaining({ username: 'zhangwei', realname: '张伟', depart_name: '募捐部' })]);
    expect((await data(userReport, '', zhangwei)).body.result.records.map((u: { username: string }) => u.username)).not.toContain('guest');
    refused(await data(userReport, '', wangfang), '没有权限访问报表【用户】，请联系管理员授权', 403);
    refused(await s.api.get('/online/cgreport/api/getRpColumns/report_user', wangfang), '没有权限访问报表【用户】，请联系管理员授权', 403);
    // The activity report has no permission list: every signed-in user reads it.
    expect((await data(activityReport, '', wangfang)).body.result.total).toBe(2);
    refused(await s.api.get('/online/cgreport/api/getRpColumns/nope', admin), '报表不存在: nope', 404);
    refused(await s.api.get(`/online/cgreport/api/getRpColumns/${encodeURIComponent("a' or 1=1")}`, admin), '报表编码格式不正确');
    expect((await s.api.get(`/online/cgreport/api/getData/${activityReport}`)).status).toBe(401);
  });
});

describe('querySelectOptions (linked dropdown)', () => {
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    await s.db
      .insertInto('sys_schema')
      .values({
        code: REGION.code,
        document: JSON.stringify(REGION),
        version: 1,
        create_by: 'admin',
        create_time: nowText(),
        update_by: null,
        update_time: null,
      })
      .execute();
    await s.ctx.runtime.reload();
    const add = async (name: string, code: string, pid: string | null) => {
      ids[name] = newId();
      await sql`insert into test_region (id, name, code, pid) values (${ids[name]}, ${name}, ${code}, ${pid})`.execute(s.db);
    };
    await add('浙江省', '33', null);
    await add('云南省', '53', '0');
    await add('杭州市', '3301', null);
    await sql`update test_region set pid = ${ids['浙江省']} where code = '3301'`.execute(s.db);
    await add('宁波市', '3302', ids['浙江省']);
    await add('西湖区', '330106', ids['杭州市']);
  });
  const options = (query: string) => s.api.get(`/online/cgform/api/querySelectOptions?${query}`, admin);
  const base = 'table=test_region&txt=name&key=code&idField=id&pidField=pid';

  it('level 1 gives the roots (or what the JSON condition selects); later levels the children of pidValue', async () => {
    const roots = await options(base);
    expect(roots.body.result).toEqual([
      { id: ids['云南省'], store: '53', label: '云南省' },
      { id: ids['浙江省'], store: '33', label: '浙江省' },
    ]);
    const cond = await options(`${base}&condition=${encodeURIComponent(JSON.stringify({ code: { $eq: '33' } }))}`);
    expect(cond.body.result.map((o: { label: string }) => o.label)).toEqual(['浙江省']);
    const cities = await options(`${base}&pidValue=${ids['浙江省']}`);
    expect(cities.body.result.map((o: { label: string }) => o.label)).toEqual(['宁波市', '杭州市']);
    const districts = await options(`${base}&pidValue=${ids['杭州市']}`);
    expect(districts.body.result).toEqual([{ id: ids['西湖区'], store: '330106', label: '西湖区' }]);
  });

  it('tables, columns and conditions outside the declared source are refused; SQL conditions are not SQL', async () => {
    refused(await options('table=sys_user&txt=password&key=username&idField=id&pidField=id'), /^字典表或字段未授权/);
    refused(await options('table=test_region&txt=note&key=code&idField=id&pidField=pid'), /^字典表或字段未授权/);
    refused(await options('table=test_region&txt=name&key=code&idField=note&pidField=pid'), /^字典表或字段未授权/);
    refused(await options('table=test_region&txt=name&key=code&idField=id&pidField=name'), /^字典表或字段未授权/);
    refused(await options('table=donation_activity&txt=activity_name&key=id&idField=id&pidField=pid'), /^字典表或字段未授权/);
    refused(await options(`${base}&condition=${encodeURIComponent("pid = '0' or 1=1")}`), '字典查询条件格式不正确，应为条件 JSON');
    const r = await options(`${base}&pidValue=${encodeURIComponent("' or '1'='1")}`);
    expect(r.body.result).toEqual([]);
  });
});
