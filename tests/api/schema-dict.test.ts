import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowText } from '../../server/lib/time.ts';
import { addActivity, addDonation, addRecord, addTeam, count, refused, row } from './helpers/schema-records.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * Dictionaries through the schema runtime: managing sys/dict with its items (a batch sub-table), table
 * dictionaries over declared sources only, the lookup helpers, and the duplicate check.
 */

const CATEGORY = {
  version: 1,
  code: 'test/category',
  title: '测试分类',
  menu: { parent: 'testarea' },
  entity: {
    table: 'test_category',
    dictSource: { text: ['name'], code: ['code'], pid: 'pid', hasChild: 'has_child' },
    fields: [
      { name: 'name', label: '名称', type: 'string', length: 50, required: true },
      { name: 'code', label: '编码', type: 'string', length: 20, required: true, unique: true },
      { name: 'pid', label: '上级', type: 'string', length: 20 },
      { name: 'has_child', label: '有下级', type: 'string', length: 1, default: '0' },
    ],
  },
};

let s: TestServer;
let admin: string;
let zhangwei: string;
let activity: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  zhangwei = await s.loginAs('zhangwei', ADMIN_PASSWORD);
  activity = await addActivity(s, admin, { activityName: '字典活动', status: '1' });
  await addActivity(s, admin, { activityName: '草稿活动', status: '0' });
  await s.db
    .insertInto('sys_schema')
    .values({
      code: CATEGORY.code,
      document: JSON.stringify(CATEGORY),
      version: 1,
      create_by: 'admin',
      create_time: nowText(),
      update_by: null,
      update_time: null,
    })
    .execute();
  await s.ctx.runtime.reload();
});
afterAll(() => s?.close());

const where = (column: string, value: string) => sql`${sql.ref(column)} = ${value}`;
const items = async (code: string, token = admin) => (await s.api.get(`/sys/dict/getDictItems/${encodeURIComponent(code)}`, token)).body.result;
const texts = async (code: string) => (await items(code)).map((o: { text: string }) => o.text);

describe('dictionary management (sys/dict with its items)', () => {
  let dictId: string;

  it('adds a dictionary with its items in one call; getDictItems shows them at once', async () => {
    dictId = await addRecord(s, admin, 'sys/dict', {
      dictName: '捐赠渠道',
      dictCode: 'donation_channel',
      description: '来源',
      items: [
        { itemText: '线上', itemValue: '1', sortOrder: 1, status: 1 },
        { itemText: '线下', itemValue: '2', sortOrder: 2, status: 1 },
      ],
    });
    expect(await texts('donation_channel')).toEqual(['线上', '线下']);
    expect(await count(s, 'sys_data_log', where('data_table', 'sys_dict_item'))).toBe(2);
  });

  it("reads the dictionary with its items under the batch widget's model", async () => {
    const r = (await s.api.get(`/sys/dict/queryById?id=${dictId}`, admin)).body.result;
    expect(r).toMatchObject({ dictCode: 'donation_channel' });
    expect(r.items.map((i: { itemText: string; dictId_dictText: string }) => [i.itemText, i.dictId_dictText])).toEqual([
      ['线上', '捐赠渠道'],
      ['线下', '捐赠渠道'],
    ]);
  });

  it('an edit replaces the items: kept ones edited, new ones added, missing ones deleted', async () => {
    const current = (await s.api.get(`/sys/dict/queryById?id=${dictId}`, admin)).body.result;
    const online = current.items[0];
    const r = await s.api.put(
      '/sys/dict/edit',
      {
        ...current,
        items: [
          { ...online, itemText: '网上' },
          { itemText: '电话', itemValue: '3', sortOrder: 3, status: 1 },
        ],
      },
      admin,
    );
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true });
    expect(await texts('donation_channel')).toEqual(['网上', '电话']);
    expect((await row(s, 'sys_dict_item', online.id))!.item_text).toBe('网上');
  });

  it('refuses bad items with the row named, and changes nothing', async () => {
    const r = await s.api.put(
      '/sys/dict/edit',
      {
        id: dictId,
        items: [
          { itemText: '甲', itemValue: '1' },
          { itemText: '', itemValue: '2' },
          { itemText: '丙', itemValue: '1' },
        ],
      },
      admin,
    );
    refused(r, '字典项第2行：名称不能为空');
    // The failing field is named as the request named it: the row's property under the batch's.
    expect(r.body.result.errors.map((e: { field: string }) => e.field)).toEqual(['items.1.itemText']);
    const dup = await s.api.put(
      '/sys/dict/edit',
      {
        id: dictId,
        items: [
          { itemText: '甲', itemValue: '1' },
          { itemText: '丙', itemValue: '1' },
        ],
      },
      admin,
    );
    refused(dup, '字典项第2行：数据值已存在: 1');
    refused(await s.api.put('/sys/dict/edit', { id: dictId, items: 'x' }, admin), '字典项格式不正确');
    refused(await s.api.put('/sys/dict/edit', { id: dictId, items: [{ itemText: 'x', itemValue: '9', evil: 1 }] }, admin), '字典项第1行：未知字段: evil');
    expect(await texts('donation_channel')).toEqual(['网上', '电话']);
  });

  it('refuses a duplicate or malformed dictionary code', async () => {
    refused(await s.api.post('/sys/dict/add', { dictName: '性别2', dictCode: 'sex' }, admin), '字典编码已存在: sex');
    refused(await s.api.post('/sys/dict/add', { dictName: '坏', dictCode: '1bad code' }, admin), '字典编码以字母开头，只能包含字母、数字和下划线');
  });

  it('deletes a dictionary into the recycle bin (its items kept for a restore), and for good from there', async () => {
    expect((await s.api.delete(`/sys/dict/delete?id=${dictId}`, admin)).body.success).toBe(true);
    expect(await items('donation_channel')).toEqual([]);
    expect(await count(s, 'sys_dict_item', where('dict_id', dictId))).toBe(2);
    expect((await s.api.delete(`/sys/dict/deletePhysic?id=${dictId}`, admin)).body.success).toBe(true);
    expect(await count(s, 'sys_dict_item', where('dict_id', dictId))).toBe(0);
  });

  it('is refused to a user without the dictionary screen', async () => {
    refused(await s.api.post('/sys/dict/add', { dictName: 'x', dictCode: 'x_dict' }, zhangwei), '没有权限，请联系管理员授权【sys:dict:add】', 403);
    refused(await s.api.post('/sys/dictItem/add', { dictId: 'x', itemText: 'x', itemValue: 'x' }, zhangwei), '没有权限，请联系管理员授权【sys:dict:add】', 403);
  });
});

describe('table dictionaries', () => {
  it('lists a declared source: value from the code column, text from the text column', async () => {
    const options = await items('donation_activity,activity_name,id');
    expect(options).toEqual(expect.arrayContaining([{ value: activity, text: '字典活动', label: '字典活动', title: '字典活动' }]));
    expect(options).toHaveLength(2);
  });

  it('narrows by a condition in the declarative grammar, in the path or as a parameter', async () => {
    const condition = encodeURIComponent(JSON.stringify({ status: { $eq: '1' } }));
    expect((await items(`donation_activity,activity_name,id,${JSON.stringify({ status: { $eq: '1' } })}`)).map((o: { text: string }) => o.text)).toEqual([
      '字典活动',
    ]);
    const r = await s.api.get(`/sys/dict/getDictItems/donation_activity,activity_name,id?condition=${condition}`, admin);
    expect(r.body.result.map((o: { text: string }) => o.text)).toEqual(['字典活动']);
  });

  const refusals: [string, string][] = [
    ['sys_user,username,password', '字典表或字段未授权: sys_user,username,password'],
    ['donation_activity,description,id', '字典表或字段未授权: donation_activity,description,id'],
    ['donation_record,donor_name,id', '字典表或字段未授权: donation_record,donor_name,id'],
    ['donation_activity,activity_name,id;drop table sys_user', '字典表或字段未授权: donation_activity,activity_name,id;drop table sys_user'],
    ['donation_activity,activity_name,id,1=1 or true', '字典查询条件格式不正确，应为条件 JSON'],
    [`donation_activity,activity_name,id,${JSON.stringify({ password: { $eq: 'x' } })}`, '字典查询条件不能使用字段: password'],
    [`donation_activity,activity_name,id,${JSON.stringify({ status: { $raw: '1=1' } })}`, '字典查询条件格式不正确，应为条件 JSON'],
    [`donation_team,team_name,id,${JSON.stringify({ leader_phone: { $like: '138' } })}`, '字典查询条件不能使用字段: leader_phone'],
  ];
  it.each(refusals)('refuses %s', async (code, message) => {
    const before = await count(s, 'sys_user');
    refused(await s.api.get(`/sys/dict/getDictItems/${encodeURIComponent(code)}`, admin), message);
    expect(await count(s, 'sys_user')).toBe(before);
  });
});

describe('lookup helpers', () => {
  it('loadDict finds options whose text contains the keyword, in system and table dictionaries', async () => {
    const system = (await s.api.get(`/sys/dict/loadDict/pay_method?keyword=${encodeURIComponent('支付')}`, admin)).body.result;
    expect(system.map((o: { text: string }) => o.text)).toEqual(['微信支付', '支付宝']);
    const table = (await s.api.get(`/sys/dict/loadDict/donation_activity,activity_name,id?keyword=${encodeURIComponent('草稿')}`, admin)).body.result;
    expect(table.map((o: { text: string }) => o.text)).toEqual(['草稿活动']);
    expect((await s.api.get(`/sys/dict/loadDict/donation_activity,activity_name,id?keyword=${encodeURIComponent('%')}`, admin)).body.result).toEqual([]);
  });

  it('loadDictItem gives the texts of some codes, in order', async () => {
    expect((await s.api.get('/sys/dict/loadDictItem/pay_status?key=2,1,9', admin)).body.result).toEqual(['已支付', '待支付', '9']);
    expect((await s.api.get(`/sys/dict/loadDictItem/donation_activity,activity_name,id?key=${activity}`, admin)).body.result).toEqual(['字典活动']);
  });

  it("queryTableDictTextByKey gives a referenced record's text, by parameters or by path", async () => {
    const byParams = await s.api.get(`/sys/dict/queryTableDictTextByKey?table=donation_activity&text=activity_name&code=id&key=${activity}`, admin);
    expect(byParams.body.result).toBe('字典活动');
    expect((await s.api.get(`/sys/dict/queryTableDictTextByKey/donation_activity,activity_name,id/${activity}`, admin)).body.result).toBe('字典活动');
    refused(await s.api.get('/sys/dict/queryTableDictTextByKey?table=sys_user&text=password&code=id&key=1', admin), '字典表或字段未授权: sys_user,password,id');
  });

  it('loadTreeData walks a tree source one level at a time', async () => {
    await addRecord(s, admin, 'test/category', { name: '教育', code: 'edu', hasChild: '1' });
    await addRecord(s, admin, 'test/category', { name: '小学', code: 'edu_p', pid: 'edu' });
    await addRecord(s, admin, 'test/category', { name: '医疗', code: 'med' });
    const tree = (q: string) =>
      s.api.get(`/sys/dict/loadTreeData?tableName=test_category&text=name&code=code&pidField=pid&hasChildField=has_child&${q}`, admin);
    const roots = (await tree('pid=')).body.result.sort((a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key));
    expect(roots).toEqual([
      { key: 'edu', value: 'edu', title: '教育', label: '教育', pid: null, isLeaf: false, leaf: false },
      { key: 'med', value: 'med', title: '医疗', label: '医疗', pid: null, isLeaf: true, leaf: true },
    ]);
    expect((await tree('pid=edu')).body.result.map((n: { title: string; leaf: boolean }) => [n.title, n.leaf])).toEqual([['小学', true]]);
    refused(
      await s.api.get('/sys/dict/loadTreeData?tableName=donation_activity&text=activity_name&code=id&pidField=project_id', admin),
      '字典表或字段未授权: donation_activity,project_id',
    );
  });

  it('getFlowFormDictData answers several dictionaries at once', async () => {
    const r = await s.api.post(
      '/sys/dict/getFlowFormDictData',
      [
        { type: 'dict', code: 'donor_type' },
        { type: 'table', code: 'donation_activity', value: 'id', label: 'activity_name', key: 'acts' },
      ],
      admin,
    );
    expect(r.body.result.donor_type).toEqual([
      { text: '个人', value: '1' },
      { text: '企业', value: '2' },
      { text: '团体', value: '3' },
    ]);
    expect(r.body.result.acts).toHaveLength(2);
    refused(
      await s.api.post('/sys/dict/getFlowFormDictData', { jsonStr: '[{"type":"table","code":"sys_user","value":"id","label":"password"}]' }, admin),
      '字典表或字段未授权: sys_user,password,id',
    );
  });
});

describe('duplicate check', () => {
  it('says whether a value of a unique field is taken, not counting the record itself', async () => {
    const id = await addDonation(s, admin, activity, { tradeNo: 'DUP-001' });
    const check = (q: string) => s.api.get(`/sys/duplicate/check?tableName=donation_record&fieldName=trade_no&${q}`, admin);
    expect((await check('fieldVal=DUP-001')).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expect((await check('fieldVal=DUP-001')).status).toBe(200);
    expect((await check(`fieldVal=DUP-001&dataId=${id}`)).body).toMatchObject({ success: true, message: '该值可用！' });
    expect((await check('fieldVal=DUP-002')).body.success).toBe(true);
    expect((await check('fieldVal=')).body.success).toBe(true);
  });

  it('only over fields a document declares unique', async () => {
    refused(
      await s.api.get('/sys/duplicate/check?tableName=donation_record&fieldName=donor_name&fieldVal=x', admin),
      '该字段不支持重复校验: donation_record.donor_name',
    );
    refused(await s.api.get('/sys/duplicate/check?tableName=sys_user&fieldName=password&fieldVal=x', admin), '该字段不支持重复校验: sys_user.password');
    // sys_user.username is declared unique by the user screen, so the check answers for it.
    expect((await s.api.get('/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=admin', admin)).body).toMatchObject({
      success: false,
      message: '该值不可用，系统中已存在！',
    });
  });
});

describe('tables a team names', () => {
  it("a team's activity is shown by name in lists", async () => {
    await addTeam(s, admin, activity, { teamName: '字典团队' });
    const r = (await s.api.get('/donation/team/list', admin)).body.result.records[0];
    expect(r.activityId_dictText).toBe('字典活动');
  });
});
