import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, NO_AUTH, refused, row } from './helpers/schema-records.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * Online forms (issue 8 phase 2): designs saved as versioned records, listed by type, published as
 * schema documents that take effect without a restart (table, menu, buttons, generic CRUD with
 * sub-table rows), and every bad input refused with nothing saved.
 */

const phone = {
  type: 'input',
  key: 'input_1',
  label: '手机号',
  model: 'phone',
  options: { width: '100%' },
  rules: [
    { required: true, message: '请输入手机号' },
    { pattern: '^1[3-9]\\d{9}$', message: '请输入正确的手机号' },
  ],
};
const sex = {
  type: 'select',
  key: 'select_1',
  label: '性别',
  model: 'sex',
  options: { dynamic: 'dict', dynamicKey: 'sex', options: [] },
  rules: [{ required: false, message: '必填项' }],
};
const birthday = {
  type: 'date',
  key: 'date_1',
  label: '出生日期',
  model: 'birthday',
  options: { format: 'YYYY-MM-DD' },
  rules: [{ required: false, message: '必填项' }],
};
const members = {
  type: 'batch',
  key: 'batch_1',
  label: '家庭成员',
  model: 'members',
  options: { onlineFormCode: '' },
  list: [{ type: 'input', key: 'input_2', label: '成员姓名', model: 'member_name', options: {}, rules: [{ required: true, message: '请输入成员姓名' }] }],
};
const grid = {
  type: 'grid',
  key: 'grid_1',
  label: '栅格布局',
  columns: [
    { span: 12, list: [phone] },
    { span: 12, list: [sex] },
  ],
  options: { gutter: 0 },
};
const DESIGN = { list: [grid, birthday, members], config: { layout: 'horizontal', labelCol: { span: 4 }, wrapperCol: { span: 18 } } };

let s: TestServer;
let admin: string;
let zhangwei: string;
let lina: string;

const save = (body: Record<string, unknown>, token = admin) => s.api.post('/form/formConfiguration/save', body, token);
const publish = (desformCode: string, roles: string[] = [], token = admin) => s.api.post('/form/formConfiguration/publish', { desformCode, roles }, token);
const formCount = () => count(s, 'onl_desform');
const versionCount = () => count(s, 'onl_desform_version');

beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  zhangwei = await s.loginAs('zhangwei', ADMIN_PASSWORD);
  lina = await s.loginAs('lina', ADMIN_PASSWORD);
});
afterAll(() => s?.close());

describe('form records', () => {
  it('save creates a record at version 1 and each later save adds a version', async () => {
    const first = await save({ desformCode: 'family', desformName: '家庭登记', desformDesignJson: JSON.stringify(DESIGN) });
    expect(first.body).toMatchObject({
      success: true,
      message: '保存成功',
      result: { desformCode: 'family', desformName: '家庭登记', version: 1, desformType: 2, publishedVersion: null, createBy: 'admin' },
    });
    const second = await save({ desformCode: 'family', desformName: '家庭信息登记', desformDesignJson: DESIGN });
    expect(second.body.result).toMatchObject({ version: 2, desformName: '家庭信息登记', id: first.body.result.id });
    const versions = await s.api.get('/form/formConfiguration/versions?desformCode=family', admin);
    expect(versions.body.result.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const loaded = await s.api.get('/form/formConfiguration/queryByCode?desformCode=family', admin);
    expect(loaded.body.result.desformDesignJson).toEqual(DESIGN);
    // Exactly as written, key order included: what the designer exports again is what it saved.
    expect(JSON.stringify(loaded.body.result.desformDesignJson)).toBe(JSON.stringify(DESIGN));
    const v1 = await s.api.get('/form/formConfiguration/queryByCode?desformCode=family&version=1', admin);
    expect(v1.body.result).toMatchObject({ version: 1, desformDesignJson: DESIGN });
  });

  it('lists records by table type (1 single, 2 with sub-tables)', async () => {
    await save({ desformCode: 'visit', desformName: '走访记录', desformDesignJson: { list: [birthday], config: {} } });
    const both = await s.api.get('/form/formConfiguration/list?tableTypes=1,2', admin);
    expect(both.body.success).toBe(true);
    expect(both.body.result.map((r: { desformCode: string }) => r.desformCode).sort()).toEqual(['family', 'visit']);
    const single = await s.api.get('/form/formConfiguration/list?tableTypes=1', admin);
    expect(single.body.result.map((r: { desformCode: string }) => r.desformCode)).toEqual(['visit']);
    refused(await s.api.get('/form/formConfiguration/list?tableTypes=1;drop', admin), 'tableTypes 只能是 1、2 或 1,2');
  });

  it('staff without the online-form permissions get 403 and change nothing', async () => {
    refused(
      await save({ desformCode: 'sneaky', desformName: 'x', desformDesignJson: DESIGN }, zhangwei),
      '没有权限，请联系管理员授权【online:desform:add】',
      403,
    );
    refused(await publish('family', [], zhangwei), '没有权限，请联系管理员授权【online:desform:publish】', 403);
    expect((await s.api.get('/form/formConfiguration/list', zhangwei)).status).toBe(403);
    expect(await count(s, 'onl_desform', sql`desform_code = 'sneaky'`)).toBe(0);
  });
});

describe('bad designs are refused and nothing is saved', () => {
  const refusedSave = async (design: unknown, message: string | RegExp, code = 'broken') => {
    const [forms, versions] = [await formCount(), await versionCount()];
    refused(await save({ desformCode: code, desformName: '坏表单', desformDesignJson: design }), message);
    expect([await formCount(), await versionCount()]).toEqual([forms, versions]);
  };

  it('malformed JSON', () => refusedSave('{ "list": [', /^表单设计不是合法的 JSON：/));
  it('JSON without list and config', () => refusedSave('{ "list": [] }', '表单设计数据格式不对：需要一个带 list 和 config 的 JSON 对象'));
  it('an array', () => refusedSave([], '表单设计数据格式不对：需要一个带 list 和 config 的 JSON 对象'));
  it('a widget type the registry does not know', () =>
    refusedSave({ list: [{ type: 'flux', key: 'flux_1', model: 'x' }], config: {} }, '未知控件类型：flux（flux_1）'));
  it('the same model twice', () => refusedSave({ list: [phone, { ...phone, key: 'input_9' }], config: {} }, '表单设计有误：数据字段重复 phone'));
  it('a model that is not a safe column name', () =>
    refusedSave({ list: [{ ...phone, model: 'x; drop table sys_user' }], config: {} }, /^表单设计有误：\/list\/0\/model must match pattern/));
  it('an existing form saved with a bad design keeps its last version', async () => {
    await refusedSave({ list: [phone, { ...phone, key: 'input_9' }], config: {} }, '表单设计有误：数据字段重复 phone', 'family');
    expect((await s.api.get('/form/formConfiguration/queryByCode?desformCode=family', admin)).body.result.version).toBe(2);
  });
  it('a bad form code', async () => {
    refused(
      await save({ desformCode: '../x', desformName: 'x', desformDesignJson: DESIGN }),
      '表单编码以小写字母开头，2 到 40 位，只能包含小写字母、数字和下划线',
    );
    refused(await save({ desformCode: 'ok_code', desformName: '', desformDesignJson: DESIGN }), '请填写表单名称');
  });
});

describe('publishing', () => {
  it('creates the tables, the menu with buttons granted to the chosen role, and serves records with sub-rows at once', async () => {
    const r = await publish('family', ['fundraiser']);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      success: true,
      message: '发布成功',
      result: { cgformCode: 'online/family', version: 2, documents: ['online/family', 'online/family_members'] },
    });
    const record = (await s.api.get('/form/formConfiguration/queryByCode?desformCode=family', admin)).body.result;
    expect(record).toMatchObject({ cgformCode: 'online/family', publishedVersion: 2 });
    expect((await s.db.selectFrom('sys_schema').select('code').where('code', 'like', 'online/%').orderBy('code').execute()).map((x) => x.code)).toEqual([
      'online/family',
      'online/family_members',
    ]);

    // The staff role chosen at publication sees the menu and holds the buttons, without a restart.
    const perms = (await s.api.get('/sys/permission/getUserPermissionByToken', zhangwei)).body.result;
    expect(JSON.stringify(perms.menu)).toContain('/online/family');
    expect(perms.auth.map((a: { action: string }) => a.action)).toEqual(expect.arrayContaining(['online:family:add', 'online:family:edit']));

    refused(await s.api.post('/online/family/add', { phone: '12345', members: [] }, zhangwei), /请输入正确的手机号/);
    refused(await s.api.post('/online/family/add', { phone: '13800001111', members: [{ memberName: '' }] }, zhangwei), '家庭成员第1行：成员姓名不能为空');
    // Sub-table rows name their fields by property too; the column's name is refused, naming the property.
    refused(
      await s.api.post('/online/family/add', { phone: '13800001111', members: [{ member_name: '李四' }] }, zhangwei),
      '家庭成员第1行：未知字段: member_name（应写作 memberName）',
    );
    expect(await count(s, 'online_family')).toBe(0);
    const added = await s.api.post(
      '/online/family/add',
      { phone: '13800001111', sex: '1', birthday: '2015-06-01', members: [{ memberName: '李四' }, { memberName: '王五' }] },
      zhangwei,
    );
    expect(added.body, JSON.stringify(added.body)).toMatchObject({ success: true });
    const id = added.body.result.id as string;
    expect((await row(s, 'online_family', id))!.phone).toBe('13800001111');
    const { rows } = await sql<{ member_name: string }>`select member_name from online_family_members where parent_id = ${id} order by member_name`.execute(
      s.db,
    );
    expect(rows.map((x) => x.member_name)).toEqual(['李四', '王五']);
    const list = await s.api.get('/online/family/list', zhangwei);
    expect(list.body.result.records.map((x: { phone: string }) => x.phone)).toEqual(['13800001111']);
    // A staff user of another role has neither the menu nor the records.
    refused(await s.api.get('/online/family/list', lina), '没有权限访问【家庭信息登记】，请联系管理员授权', NO_AUTH);
    const one = await s.api.get(`/online/family/queryById?id=${id}`, zhangwei);
    expect(one.body.result.members.map((m: { memberName: string }) => m.memberName).sort()).toEqual(['李四', '王五']);

    // Edit: one row kept and renamed, one removed, one added.
    const kept = one.body.result.members.find((m: { memberName: string }) => m.memberName === '李四');
    const edited = await s.api.put(
      '/online/family/edit',
      { id, phone: '13800002222', members: [{ id: kept.id, memberName: '李四四' }, { memberName: '赵六' }] },
      zhangwei,
    );
    expect(edited.body, JSON.stringify(edited.body)).toMatchObject({ success: true });
    const after = await sql<{
      id: string;
      member_name: string;
    }>`select id, member_name from online_family_members where parent_id = ${id} order by member_name`.execute(s.db);
    expect(after.rows.map((x) => x.member_name).sort()).toEqual(['李四四', '赵六']);
    expect(after.rows.find((x) => x.member_name === '李四四')!.id).toBe(kept.id);
    expect((await row(s, 'online_family', id))!.phone).toBe('13800002222');
  });

  it('a republished design adds columns to the table, keeping its rows', async () => {
    const extra = { type: 'input', key: 'input_3', label: '地址', model: 'address', options: {}, rules: [{ required: false, message: '必填项' }] };
    await save({ desformCode: 'family', desformName: '家庭信息登记', desformDesignJson: { ...DESIGN, list: [...DESIGN.list, extra] } });
    expect((await publish('family')).body).toMatchObject({ success: true, result: { version: 3 } });
    const { rows } = await sql<{
      column_name: string;
    }>`select column_name from information_schema.columns where table_name = 'online_family' and column_name = 'address'`.execute(s.db);
    expect(rows).toHaveLength(1);
    expect(await count(s, 'online_family')).toBe(1);
    expect((await s.api.post('/online/family/add', { phone: '13900001111', address: '云南', members: [] }, zhangwei)).body.success).toBe(true);
  });

  it('refuses a design that would drop a column holding data, and nothing is saved or changed', async () => {
    const withoutPhone = {
      ...DESIGN,
      list: [
        {
          ...grid,
          columns: [
            { span: 12, list: [] },
            { span: 12, list: [sex] },
          ],
        },
        birthday,
        members,
      ],
    };
    await save({ desformCode: 'family', desformName: '家庭信息登记', desformDesignJson: withoutPhone });
    const before = (await s.db.selectFrom('sys_schema').select('document').where('code', '=', 'online/family').executeTakeFirstOrThrow()).document;
    refused(await publish('family'), /^发布失败：表 online_family：字段 phone 已有数据，不能删除或缩小（文档已不再声明该字段）/);
    const after = (await s.db.selectFrom('sys_schema').select('document').where('code', '=', 'online/family').executeTakeFirstOrThrow()).document;
    expect(after).toEqual(before);
    expect((await s.api.get('/form/formConfiguration/queryByCode?desformCode=family', admin)).body.result).toMatchObject({ version: 4, publishedVersion: 3 });
    expect(s.ctx.runtime.registry.get('online/family').field.has('phone')).toBe(true);
    expect((await s.api.get('/online/family/list', zhangwei)).body.result.records).toHaveLength(2);
  });

  it('refuses a form without data fields, an unknown role, and a code a file document holds', async () => {
    await save({
      desformCode: 'empty',
      desformName: '空表单',
      desformDesignJson: { list: [{ type: 'divider', key: 'divider_1', label: '分隔' }], config: {} },
    });
    refused(await publish('empty'), '发布失败：表单至少需要一个数据字段（动态表格以外的输入控件）');
    refused(await publish('visit', ['no_such_role']), '角色不存在：no_such_role');
    await save({ desformCode: 'desform', desformName: '冒名', desformDesignJson: { list: [birthday], config: {} } });
    refused(await publish('desform'), '发布失败：编码 online/desform 已被系统文档 schemas/online/desform.json 使用，请换一个表单编码');
    expect(await count(s, 'sys_schema', sql`code in ('online/empty', 'online/visit', 'online/desform')`)).toBe(0);
    refused(await publish('nothing_here'), '表单不存在: nothing_here', 404);
  });

  it('sublist gives the sub-forms a batch can use, with their fields', async () => {
    const r = await s.api.get('/form/formConfiguration/sublist?subTableStr=online/family_members,donation/record', admin);
    expect(r.body.result).toEqual([
      {
        code: 'online/family_members',
        title: '家庭信息登记-家庭成员',
        parent: { entity: 'online/family', field: 'parentId' },
        fields: [
          { name: 'parentId', label: '主表记录', type: 'string' },
          { name: 'memberName', label: '成员姓名', type: 'string' },
        ],
      },
    ]);
  });
});

describe('the list screen of online forms', () => {
  it('is a read-only schema screen over the records, whose row button 发布 publishes the latest design', async () => {
    const list = await s.api.get('/online/desform/list?column=desformCode&order=asc', admin);
    expect(list.body.result.records.map((r: { desformCode: string }) => r.desformCode)).toEqual(['desform', 'empty', 'family', 'visit']);
    refused(await s.api.post('/online/desform/add', { desformCode: 'sneaky', desformName: 'x' }, admin), '【在线表单】是只读数据，不能修改');
    const visit = list.body.result.records.find((r: { desformCode: string }) => r.desformCode === 'visit');
    refused(await s.api.post(`/online/desform/operation/publish?id=${visit.id}`, {}, zhangwei), '没有权限，请联系管理员授权【online:desform:publish】', 403);
    const r = await s.api.post(`/online/desform/operation/publish?id=${visit.id}`, {}, admin);
    expect(r.body).toMatchObject({ success: true, message: '发布成功', result: { cgformCode: 'online/visit', documents: ['online/visit'] } });
    expect(s.ctx.runtime.registry.find('online/visit')).toBeDefined();
  });
});
