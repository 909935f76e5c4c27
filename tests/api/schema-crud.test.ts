import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addActivity, addDonation, addTeam, count, refused, row } from './helpers/schema-records.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/* Generic CRUD over the donation documents: what each call writes, and every record it refuses. */

let s: TestServer;
let admin: string;
let activityId: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  activityId = await addActivity(s, admin, { activityName: '春蕾助学' });
});
afterAll(() => s?.close());

describe('documents', () => {
  it('serves a document by code, upgraded and validated, and the list of documents', async () => {
    const r = await s.api.get('/sys/schema/get?code=donation/record', admin);
    expect(r.body).toMatchObject({ success: true, result: { code: 'donation/record', version: 2, entity: { table: 'donation_record' } } });
    const list = await s.api.get('/sys/schema/list', admin);
    expect(list.body.result).toEqual(
      expect.arrayContaining([
        { code: 'donation/activity', title: '捐赠活动' },
        { code: 'sys/dict_item', title: '字典项' },
      ]),
    );
  });

  it('answers an unknown or malformed code with 404 / 400', async () => {
    refused(await s.api.get('/sys/schema/get?code=donation/nothing', admin), '表单不存在: donation/nothing', 404);
    refused(await s.api.get(`/sys/schema/get?code=${encodeURIComponent("x/y' or 1=1")}`, admin), '表单编码格式不正确');
  });

  it('answers 404 for a path naming no document, with or without a token, and 401 for a document without one', async () => {
    for (const token of [admin, undefined]) refused(await s.api.get('/donation/nothing/list', token), '很抱歉，资源未找到!', 404);
    expect((await s.api.get('/donation/record/list')).status).toBe(401);
  });
});

describe('add', () => {
  it('stores the record with audit columns, defaults and a generated code, and logs it', async () => {
    const id = await addDonation(s, admin, activityId, { donorName: '王芳', amount: '88.50' });
    const stored = await row(s, 'donation_record', id);
    expect(stored).toMatchObject({
      donor_name: '王芳',
      amount: 88.5,
      anonymous: '0',
      invoice_status: '0',
      create_by: 'admin',
      sys_org_code: 'A01',
      tenant_id: 1,
      update_by: null,
    });
    expect(stored!.record_no).toMatch(/^JZ\d{8}\d{4}$/);
    expect(stored!.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const log = await s.db.selectFrom('sys_data_log').selectAll().where('data_id', '=', id).execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ data_table: 'donation_record', action: 'add', data_version: 1, create_by: 'admin', data_before: null });
    expect(log[0].data_after).toMatchObject({ id, donor_name: '王芳' });
  });

  it('ignores read-only fields and the id a client sends', async () => {
    const r = await s.api.post(
      '/donation/activity/add',
      { id: 'chosen-id', activityName: '只读测试', category: '2', status: '0', raisedAmount: 999999, donorCount: 5, activityNo: 'FAKE' },
      admin,
    );
    expect(r.body.success).toBe(true);
    expect(r.body.result.id).not.toBe('chosen-id');
    expect(await row(s, 'donation_activity', r.body.result.id)).toMatchObject({
      raised_amount: 0,
      donor_count: 0,
      activity_no: expect.stringMatching(/^HD\d{6}\d{3}$/),
    });
  });

  it('cleans rich text before it is stored', async () => {
    const id = await addActivity(s, admin, { description: '<p onclick="x()">介绍<script>alert(1)</script><img src="javascript:alert(1)"></p>' });
    expect((await row(s, 'donation_activity', id))!.description).toBe('<p>介绍<img /></p>');
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['an unknown field', { password: 'x' }, '未知字段: password'],
    ['a column name instead of its property', { pay_method: '1' }, '未知字段: pay_method（应写作 payMethod）'],
    ['a missing required field', { donorName: '' }, '捐赠人姓名不能为空'],
    ['an over-long string', { donorName: '长'.repeat(101) }, '捐赠人姓名长度不能超过100个字符'],
    ['text in a number', { amount: 'abc' }, '捐赠金额必须是数字'],
    ['a negative amount', { amount: -5 }, '捐赠金额不能小于0.01'],
    ['three decimals', { amount: 10.123 }, '捐赠金额最多保留2位小数'],
    ['a value outside the dictionary', { payMethod: '9' }, '支付方式的值不在字典中: 9'],
    ['a phone that fails the pattern', { phone: '12345' }, '请输入正确的手机号码'],
    ['a malformed date-time', { payTime: '2025-02-30 10:00' }, '支付时间格式不正确'],
    ['an activity that does not exist', { activityId: 'nope' }, '所属活动不存在'],
  ];
  it.each(bad)('refuses %s with its message and writes nothing', async (_what, values, message) => {
    const before = await count(s, 'donation_record');
    const r = await s.api.post(
      '/donation/record/add',
      { donorType: '1', donorName: '某人', activityId: activityId, amount: 1, payMethod: '1', payStatus: '1', ...values },
      admin,
    );
    refused(r, message);
    expect(await count(s, 'donation_record')).toBe(before);
  });

  it('reports every failing field at once', async () => {
    const r = await s.api.post('/donation/record/add', { donorType: '1', activityId: activityId, amount: -1, payStatus: '1' }, admin);
    refused(r, '捐赠人姓名不能为空；捐赠金额不能小于0.01；支付方式不能为空');
    expect(r.body.result.errors.map((e: { field: string }) => e.field)).toEqual(['donorName', 'amount', 'payMethod']);
  });

  it('refuses a duplicate trade number', async () => {
    await addDonation(s, admin, activityId, { tradeNo: 'WX2025000001' });
    refused(
      await s.api.post(
        '/donation/record/add',
        { donorType: '1', donorName: '重复', activityId: activityId, amount: 1, payMethod: '1', payStatus: '2', tradeNo: 'WX2025000001' },
        admin,
      ),
      '交易流水号已存在: WX2025000001',
    );
  });

  it('refuses a team of another activity', async () => {
    const other = await addActivity(s, admin, { activityName: '另一个活动' });
    const team = await addTeam(s, admin, other);
    refused(
      await s.api.post(
        '/donation/record/add',
        { donorType: '1', donorName: '某人', activityId: activityId, teamId: team, amount: 1, payMethod: '1', payStatus: '1' },
        admin,
      ),
      '所选团队不属于该捐赠活动',
    );
    const ok = await addDonation(s, admin, other, { teamId: team });
    expect((await row(s, 'donation_record', ok))!.team_id).toBe(team);
  });

  it('refuses a body that is not a record', async () => {
    refused(await s.api.post('/donation/record/add', [1, 2], admin), '请求数据格式不正确');
  });
});

describe('queryById, edit, delete', () => {
  it('reads a record with dictionary and reference texts', async () => {
    const id = await addDonation(s, admin, activityId, { payMethod: '2' });
    const r = await s.api.get(`/donation/record/queryById?id=${id}`, admin);
    expect(r.body.result).toMatchObject({
      id,
      payMethod: '2',
      payMethod_dictText: '支付宝',
      payStatus_dictText: '已支付',
      activityId_dictText: '春蕾助学',
      teamId_dictText: '',
    });
    refused(await s.api.get('/donation/record/queryById?id=missing', admin), '未找到对应数据', 404);
    refused(await s.api.get(`/donation/record/queryById?id=${encodeURIComponent("1' or '1'='1")}`, admin), 'ID格式不正确');
  });

  it('edits with PUT (and POST), keeping what is not sent, and logs before and after', async () => {
    const id = await addDonation(s, admin, activityId, { donorName: '李娜', message: '留言' });
    const r = await s.api.put(
      '/donation/record/edit',
      { id, donorName: '李娜娜', amount: 66.6, recordNo: 'HACK', createBy: 'someone', donorName_dictText: 'x' },
      admin,
    );
    expect(r.body).toMatchObject({ success: true, message: '编辑成功!', result: { id } });
    const stored = await row(s, 'donation_record', id);
    expect(stored).toMatchObject({ donor_name: '李娜娜', amount: 66.6, message: '留言', create_by: 'admin', update_by: 'admin' });
    expect(stored!.record_no).toMatch(/^JZ/);
    expect((await s.api.post('/donation/record/edit', { id, message: null }, admin)).body.success).toBe(true);
    expect((await row(s, 'donation_record', id))!.message).toBeNull();
    const log = await s.db.selectFrom('sys_data_log').selectAll().where('data_id', '=', id).orderBy('data_version').execute();
    expect(log.map((l) => [l.action, l.data_version])).toEqual([
      ['add', 1],
      ['edit', 2],
      ['edit', 3],
    ]);
    expect(log[1].data_before).toMatchObject({ donor_name: '李娜' });
    expect(log[1].data_after).toMatchObject({ donor_name: '李娜娜' });
  });

  it('refuses an edit without an id, of a missing record, or with a bad value', async () => {
    refused(await s.api.put('/donation/record/edit', { donorName: 'x' }, admin), 'ID不能为空');
    refused(await s.api.put('/donation/record/edit', { id: 'missing', donorName: 'x' }, admin), '未找到对应数据', 404);
    const id = await addDonation(s, admin, activityId);
    refused(await s.api.put('/donation/record/edit', { id, amount: 0 }, admin), '捐赠金额不能小于0.01');
    expect((await row(s, 'donation_record', id))!.amount).toBe(100);
  });

  it('deletes one record and a batch, logging each', async () => {
    const one = await addDonation(s, admin, activityId);
    const two = await addDonation(s, admin, activityId);
    const three = await addDonation(s, admin, activityId);
    expect((await s.api.delete(`/donation/record/delete?id=${one}`, admin)).body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await row(s, 'donation_record', one)).toBeUndefined();
    expect((await s.api.delete(`/donation/record/deleteBatch?ids=${two},${three}`, admin)).body).toMatchObject({ success: true, message: '批量删除成功!' });
    expect(await count(s, 'donation_record', sql`id in (${two}, ${three})`)).toBe(0);
    const logs = await s.db
      .selectFrom('sys_data_log')
      .select(['data_id', 'action', 'data_after'])
      .where('data_id', 'in', [one, two, three])
      .where('action', '=', 'delete')
      .execute();
    expect(logs).toHaveLength(3);
    expect(logs.every((l) => l.data_after === null)).toBe(true);
  });

  it('deletes nothing of a batch when one id is missing', async () => {
    const keep = await addDonation(s, admin, activityId);
    refused(await s.api.delete(`/donation/record/deleteBatch?ids=${keep},missing`, admin), '未找到对应数据', 404);
    expect(await row(s, 'donation_record', keep)).toBeDefined();
  });

  it('refuses to delete an activity its records point at', async () => {
    const used = await addActivity(s, admin, { activityName: '有记录的活动' });
    await addDonation(s, admin, used);
    refused(await s.api.delete(`/donation/activity/delete?id=${used}`, admin), '该捐赠活动已被捐赠记录引用，不能删除');
    expect(await row(s, 'donation_activity', used)).toBeDefined();
  });
});
