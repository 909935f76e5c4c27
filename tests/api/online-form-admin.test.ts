import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, refused } from './helpers/schema-records.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * 在线表单's list operations: 复制 (a new unpublished form under a new code), 删除 (an unpublished form
 * at once; a published one with its screens, its records kept, and only once their count is typed in).
 */

const TABLE_E = 'online_visit_e';

let s: TestServer;
let admin: string;
let zhangwei: string;

const name = {
  type: 'input',
  key: 'input_1',
  label: '姓名',
  model: 'visitor_name',
  options: { width: '100%' },
  rules: [{ required: true, message: '请输入姓名' }],
};
const DESIGN = { list: [name], config: { layout: 'horizontal', labelCol: { span: 4 }, wrapperCol: { span: 18 } } };

const save = (code: string) => s.api.post('/form/formConfiguration/save', { desformCode: code, desformName: `表单${code}`, desformDesignJson: DESIGN }, admin);
const idOf = async (code: string) =>
  (
    (await s.db
      .selectFrom('onl_desform' as any)
      .select('id' as any)
      .where('desform_code' as any, '=', code)
      .executeTakeFirstOrThrow()) as any
  ).id as string;
const op = (key: string, id: string, body: Record<string, unknown> = {}, token = admin) => s.api.post(`/online/desform/operation/${key}?id=${id}`, body, token);

beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  zhangwei = await s.loginAs('zhangwei', ADMIN_PASSWORD);
});
afterAll(() => s?.close());

describe('复制', () => {
  it('stores the design under the new code and name, unpublished, version 1', async () => {
    await save('visit_a');
    const r = await op('copy', await idOf('visit_a'), { desformCode: 'visit_b', desformName: '来访登记副本' });
    expect(r.body).toMatchObject({
      success: true,
      message: '复制成功',
      result: { desformCode: 'visit_b', desformName: '来访登记副本', version: 1, publishedVersion: null },
    });
    const copied = await s.api.get('/form/formConfiguration/queryByCode?desformCode=visit_b', admin);
    const design = copied.body.result.desformDesignJson;
    expect(typeof design === 'string' ? JSON.parse(design) : design).toEqual(DESIGN);
  });

  it('refuses a taken code, a bad code and a missing name, storing nothing', async () => {
    const id = await idOf('visit_a');
    const before = await count(s, 'onl_desform');
    refused(await op('copy', id, { desformCode: 'visit_a', desformName: 'x' }), '表单编码 visit_a 已存在');
    refused(await op('copy', id, { desformCode: 'Bad-Code', desformName: 'x' }), /表单编码/);
    refused(await op('copy', id, { desformCode: 'visit_c' }), '请填写表单名称');
    expect(await count(s, 'onl_desform')).toBe(before);
  });

  it('needs the 复制 button permission', async () => {
    const r = await op('copy', await idOf('visit_a'), { desformCode: 'visit_z', desformName: 'z' }, zhangwei);
    expect(r.body.success).toBe(false);
    expect(await count(s, 'onl_desform')).toBeGreaterThan(0);
    expect(
      await s.db
        .selectFrom('onl_desform' as any)
        .select('id' as any)
        .where('desform_code' as any, '=', 'visit_z')
        .executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('删除', () => {
  it('removes an unpublished form with its versions', async () => {
    await save('visit_d');
    await save('visit_d');
    const id = await idOf('visit_d');
    expect((await op('remove', id)).body).toMatchObject({ success: true, message: '删除成功' });
    expect(
      await s.db
        .selectFrom('onl_desform_version' as any)
        .select('id' as any)
        .where('desform_id' as any, '=', id)
        .execute(),
    ).toEqual([]);
  });

  it('a published form with records needs their count; then its screen and menu go and its records stay', async () => {
    await save('visit_e');
    expect((await s.api.post('/form/formConfiguration/publish', { desformCode: 'visit_e', roles: [] }, admin)).body.success).toBe(true);
    expect((await s.api.post('/online/visit_e/add', { visitorName: '张三' }, admin)).body.success).toBe(true);
    const id = await idOf('visit_e');

    refused(await op('remove', id), /该表单已有 1 条记录，请在“确认记录数”中输入 1 后再删除/);
    refused(await op('remove', id, { confirmCount: 2 }), /该表单已有 1 条记录/);
    // The form's value by its property; the column spelling is refused, naming it.
    refused(await op('remove', id, { confirm_count: 1 }), '未知字段: confirm_count（应写作 confirmCount）');
    expect((await s.api.get('/online/visit_e/list', admin)).body.success).toBe(true);

    expect((await op('remove', id, { confirmCount: 1 })).body).toMatchObject({ success: true, message: '删除成功' });
    expect((await s.api.get('/online/visit_e/list', admin)).status).toBe(404);
    expect(await s.db.selectFrom('sys_permission').select('id').where('url', '=', '/online/visit_e').execute()).toEqual([]);
    expect(
      await s.db
        .selectFrom('sys_schema' as any)
        .select('code' as any)
        .where('code' as any, '=', 'online/visit_e')
        .execute(),
    ).toEqual([]);
    expect(await count(s, TABLE_E)).toBe(1);
  });
});
