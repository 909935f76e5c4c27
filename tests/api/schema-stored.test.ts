import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowText } from '../../server/lib/time.ts';
import { SchemaError } from '../../server/engine/schema/registry.ts';
import { addActivity, addRecord, addTeam, count, refused, row } from './helpers/schema-records.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * Documents stored in sys_schema (as the designer will save them): they add screens and tables without a
 * deploy, override the file of the same code, and go through the same checks. Status transitions and
 * cross-record limits are proven on two such documents; unsafe table changes are refused.
 */

const PROJECT = {
  version: 1,
  code: 'test/project',
  title: '测试项目',
  menu: { parent: 'testarea', parentTitle: '测试区', roles: ['project_officer'] },
  dictionaries: [
    {
      code: 'test_project_status',
      name: '测试项目状态',
      items: [
        { value: '0', text: '草稿' },
        { value: '1', text: '待审核' },
        { value: '2', text: '已立项' },
        { value: '3', text: '已驳回' },
      ],
    },
  ],
  entity: {
    table: 'test_project',
    fields: [
      { name: 'name', label: '项目名称', type: 'string', length: 50, required: true },
      { name: 'approved_amount', label: '批准金额', type: 'decimal', precision: 14, scale: 2 },
      { name: 'status', label: '状态', type: 'string', length: 2, dict: 'test_project_status', default: '0' },
    ],
    rules: {
      transitions: {
        field: 'status',
        initial: ['0'],
        steps: [
          { from: ['0', '3'], to: '1', label: '提交' },
          { from: ['1'], to: '2', permission: 'test:project:approve', label: '立项' },
          { from: ['1'], to: '3', permission: 'test:project:approve', label: '驳回' },
        ],
      },
    },
  },
};

const SENDING = {
  version: 1,
  code: 'test/sending',
  title: '测试拨付',
  menu: { parent: 'testarea', roles: ['project_officer'] },
  entity: {
    table: 'test_sending',
    fields: [
      { name: 'project_id', label: '项目', type: 'string', length: 32, required: true, ref: { entity: 'test/project', label: 'name' } },
      { name: 'amount', label: '拨付金额', type: 'decimal', required: true, min: 0.01 },
      { name: 'status', label: '状态', type: 'string', length: 2, default: '1' },
    ],
    rules: {
      limits: [
        {
          sum: 'amount',
          via: 'project_id',
          ceiling: { entity: 'test/project', field: 'approved_amount' },
          where: { status: { $ne: '0' } },
          parentWhere: { status: { $eq: '2' } },
          parentMessage: '只有已立项的项目可以拨付',
          message: '累计拨付金额不能超过批准金额',
        },
      ],
    },
  },
};

let s: TestServer;
let admin: string;
let lina: string;

async function store(doc: object) {
  const code = (doc as { code: string }).code;
  await s.db
    .insertInto('sys_schema')
    .values({ code, document: JSON.stringify(doc), version: 1, create_by: 'admin', create_time: nowText(), update_by: null, update_time: null })
    .onConflict((oc) => oc.column('code').doUpdateSet({ document: JSON.stringify(doc) }))
    .execute();
}

async function unstore(code: string) {
  await s.db.deleteFrom('sys_schema').where('code', '=', code).execute();
}

beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  lina = await s.loginAs('lina', ADMIN_PASSWORD);
  await store(PROJECT);
  await store(SENDING);
  await s.ctx.runtime.reload();
});
afterAll(() => s?.close());

describe('stored documents', () => {
  it('create their tables, menus and dictionaries, and are served like files', async () => {
    expect(await count(s, 'test_project')).toBe(0);
    const served = (await s.api.get('/sys/schema/get?code=test/project', admin)).body.result;
    expect(served.title).toBe('测试项目');
    // Stored at format version 1 (fields by column), served upgraded: fields by property, as records travel.
    expect(served).toMatchObject({ version: 2 });
    expect(served.entity.fields.map((f: { name: string }) => f.name)).toEqual(['name', 'approvedAmount', 'status']);
    const menu = await s.db.selectFrom('sys_permission').select('component').where('url', '=', '/test/project').executeTakeFirstOrThrow();
    expect(menu.component).toBe('schema/test/project');
    expect((await s.api.get('/sys/dict/getDictItems/test_project_status', admin)).body.result.map((o: { text: string }) => o.text)).toEqual([
      '草稿',
      '待审核',
      '已立项',
      '已驳回',
    ]);
  });
});

describe('status transitions', () => {
  it('a new record starts in an initial status', async () => {
    refused(await s.api.post('/test/project/add', { name: '跳过审核', status: '2' }, lina), '新记录的状态只能是草稿');
    const id = await addRecord(s, lina, 'test/project', { name: '希望小学' });
    expect((await row(s, 'test_project', id))!.status).toBe('0');
  });

  it('moves only along the declared steps', async () => {
    const id = await addRecord(s, lina, 'test/project', { name: '图书室' });
    refused(await s.api.put('/test/project/edit', { id, status: '2' }, lina), '状态不能从草稿变为已立项');
    expect((await s.api.put('/test/project/edit', { id, status: '1' }, lina)).body.success).toBe(true);
    refused(await s.api.put('/test/project/edit', { id, status: '0' }, lina), '状态不能从待审核变为草稿');
    expect((await row(s, 'test_project', id))!.status).toBe('1');
  });

  it('a step that needs a permission is refused with 403 to a user without it', async () => {
    const id = await addRecord(s, lina, 'test/project', { name: '体育器材', status: '0' });
    await s.api.put('/test/project/edit', { id, status: '1' }, lina);
    const approve = await s.db.selectFrom('sys_permission').select('id').where('perms', '=', 'test:project:approve').executeTakeFirstOrThrow();
    const officer = await s.db.selectFrom('sys_role').select('id').where('role_code', '=', 'project_officer').executeTakeFirstOrThrow();
    await s.db.deleteFrom('sys_role_permission').where('permission_id', '=', approve.id).where('role_id', '=', officer.id).execute();
    refused(await s.api.put('/test/project/edit', { id, status: '2' }, lina), '没有权限，请联系管理员授权【test:project:approve】', 403);
    expect((await s.api.put('/test/project/edit', { id, status: '2' }, admin)).body.success).toBe(true);
    expect((await row(s, 'test_project', id))!.status).toBe('2');
  });
});

describe('limits', () => {
  let approved: string;
  beforeAll(async () => {
    approved = await addRecord(s, admin, 'test/project', { name: '已立项项目', approvedAmount: 1000 });
    await s.api.put('/test/project/edit', { id: approved, status: '1' }, admin);
    await s.api.put('/test/project/edit', { id: approved, status: '2' }, admin);
  });

  it("the sum over a parent's rows never exceeds its ceiling", async () => {
    await addRecord(s, admin, 'test/sending', { projectId: approved, amount: 600 });
    await addRecord(s, admin, 'test/sending', { projectId: approved, amount: 400 });
    refused(await s.api.post('/test/sending/add', { projectId: approved, amount: 0.01 }, admin), '累计拨付金额不能超过批准金额');
    expect(await count(s, 'test_sending')).toBe(2);
    // Rows outside the limit's `where` do not count.
    await addRecord(s, admin, 'test/sending', { projectId: approved, amount: 5000, status: '0' });
  });

  it('an edit that would exceed it is refused and changes nothing', async () => {
    const { id } = (await sql<{ id: string }>`select id from test_sending where amount = 600`.execute(s.db)).rows[0];
    refused(await s.api.put('/test/sending/edit', { id, amount: 601 }, admin), '累计拨付金额不能超过批准金额');
    expect((await row(s, 'test_sending', id))!.amount).toBe(600);
  });

  it('the parent must satisfy parentWhere', async () => {
    const draft = await addRecord(s, admin, 'test/project', { name: '草稿项目', approvedAmount: 1000 });
    refused(await s.api.post('/test/sending/add', { projectId: draft, amount: 1 }, admin), '只有已立项的项目可以拨付');
  });
});

describe('table changes', () => {
  const WIDER = {
    ...PROJECT,
    entity: {
      ...PROJECT.entity,
      fields: [{ ...PROJECT.entity.fields[0], length: 200 }, ...PROJECT.entity.fields.slice(1), { name: 'region', label: '地区', type: 'string', length: 20 }],
    },
  };

  it('adds a new column and widens one, keeping the data', async () => {
    await store(WIDER);
    await s.ctx.runtime.reload();
    const { rows } = await sql<{ column_name: string; character_maximum_length: number }>`
      select column_name, character_maximum_length from information_schema.columns where table_name = 'test_project' and column_name in ('name', 'region') order by column_name`.execute(
      s.db,
    );
    expect(rows.map((r) => [r.column_name, Number(r.character_maximum_length)])).toEqual([
      ['name', 200],
      ['region', 20],
    ]);
    expect(await count(s, 'test_project')).toBeGreaterThan(0);
    expect((await s.api.post('/test/project/add', { name: '长'.repeat(150), region: '云南' }, admin)).body.success).toBe(true);
  });

  it('refuses to narrow a column holding data, naming table and column, and changes nothing', async () => {
    const team = await addTeam(s, admin, await addActivity(s, admin), { teamName: '一个很长的团队名称测试' });
    const file = JSON.parse(JSON.stringify((await s.api.get('/sys/schema/get?code=donation/team', admin)).body.result));
    file.entity.fields.find((f: { name: string }) => f.name === 'teamName').length = 5;
    await store(file);
    const error = await s.ctx.runtime.reload().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SchemaError);
    expect((error as Error).message).toContain('表 donation_team：字段 team_name 已有数据，不能删除或缩小（varchar(100) → varchar(5)）');
    const { rows } = await sql<{
      n: number;
    }>`select character_maximum_length as n from information_schema.columns where table_name = 'donation_team' and column_name = 'team_name'`.execute(s.db);
    expect(Number(rows[0].n)).toBe(100);
    // The documents in force are still the old ones.
    expect(s.ctx.runtime.registry.get('donation/team').field.get('team_name')!.length).toBe(100);
    expect((await row(s, 'donation_team', team))!.team_name).toBe('一个很长的团队名称测试');
    await unstore('donation/team');
  });

  it('refuses to drop a field whose column holds data (and to undo a widening once data needs it)', async () => {
    await store(PROJECT);
    const error = await s.ctx.runtime.reload().catch((e: unknown) => e);
    expect((error as Error).message).toContain('表 test_project：字段 region 已有数据，不能删除或缩小（文档已不再声明该字段）');
    expect((error as Error).message).toContain('表 test_project：字段 name 已有数据，不能删除或缩小（varchar(200) → varchar(50)）');
    await store(WIDER);
  });

  it('refuses a bad document with a message naming it, and keeps serving the old ones', async () => {
    await store({ ...SENDING, entity: { ...SENDING.entity, fields: [{ name: 'x; drop table sys_user', label: 'x', type: 'string' }] } });
    const error = await s.ctx.runtime.reload().catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/^模式文档有误，服务未启动:\n {2}sys_schema test\/sending: \/entity\/fields\/0\/name must match pattern/);
    expect(await count(s, 'sys_user')).toBeGreaterThan(0);
    expect((await s.api.get('/test/sending/list', admin)).status).toBe(200);
    await store(SENDING);
  });

  it('refuses a document that points at something missing', async () => {
    await store({
      ...SENDING,
      entity: { ...SENDING.entity, fields: [{ ...SENDING.entity.fields[0], ref: { entity: 'test/nothing' } }, ...SENDING.entity.fields.slice(1)] },
    });
    const error = await s.ctx.runtime.reload().catch((e: unknown) => e);
    expect((error as Error).message).toContain('test/sending: 字段 project_id 引用了不存在的文档 test/nothing');
    await store(SENDING);
    await s.ctx.runtime.reload();
  });
});
