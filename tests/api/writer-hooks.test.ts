import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../server/auth/session.ts';
import { ExcelRun } from '../../server/engine/io/excel-run.ts';
import { ApiError, badRequest } from '../../server/http/envelope.ts';
import { userId } from './helpers/fixtures.ts';
import { registerHooks } from '../../server/engine/write/hooks.ts';
import type { RowChange } from '../../server/engine/write/aggregates.ts';
import { addActivity, count, refused, row } from './helpers/schema-records.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/* The writer's hooks: text no database can keep is refused on every path, rich text is cleaned on every path,
 * hand-written hooks run around the declared ones, and an import runs its after-hooks once for the sheet. */

let s: TestServer;
let admin: string;

const BAD = /包含不允许的字符（空字符或不完整的Unicode字符），请删除后重试$/;

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('捐赠活动');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** What the hand-written hook below saw: one entry per afterSave call, with its number of rows. */
const afterSaveCalls: number[] = [];

beforeAll(async () => {
  registerHooks('donation/team', {
    beforeSave({ record }) {
      if (record.team_name === '禁止的团队') throw badRequest('团队名称不可用');
    },
  });
  registerHooks('donation/activity', {
    afterSave(_model, changes: RowChange[]) {
      afterSaveCalls.push(changes.length);
    },
  });
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
});
afterAll(() => s?.close());

describe('text no database can keep', () => {
  it('refuses a NUL character in a form field with a clear message and stores nothing', async () => {
    const before = await count(s, 'donation_activity');
    refused(await s.api.post('/donation/activity/add', { activityName: 'a\u0000b', category: '1', status: '1' }, admin), BAD);
    expect(await count(s, 'donation_activity')).toBe(before);
  });

  it('refuses an unpaired surrogate, alone or reversed', async () => {
    refused(await s.api.post('/donation/activity/add', { activityName: 'x\uD800y', category: '1', status: '1' }, admin), BAD);
    refused(await s.api.post('/donation/activity/add', { activityName: '\uDC00\uD800', category: '1', status: '1' }, admin), BAD);
    // A whole pair is an ordinary character (an emoji) and is kept.
    const id = await addActivity(s, admin, { activityName: '爱心😀活动' });
    expect((await row(s, 'donation_activity', id))?.activity_name).toBe('爱心😀活动');
  });

  it('refuses it in a search parameter and in an edit, never answering 500', async () => {
    refused(await s.api.get(`/donation/activity/list?activityName=${encodeURIComponent('a\u0000')}`, admin), BAD);
    const id = await addActivity(s, admin, { activityName: '编辑前' });
    refused(await s.api.put('/donation/activity/edit', { id, activityName: '编辑\u0000后' }, admin), BAD);
    expect((await row(s, 'donation_activity', id))?.activity_name).toBe('编辑前');
  });

  it('refuses it in an imported cell, naming the row and field, and imports nothing', async () => {
    // An .xlsx file cannot carry a NUL (XML forbids it), so the sheet is handed to the importer as read.
    const model = s.ctx.runtime.registry.get('donation/activity');
    const id = await userId(s.db, 'admin');
    const session = { user: { id, username: 'admin', org_code: null }, tenantId: 0 } as unknown as Session;
    const sheet = {
      headers: ['活动名称', '活动类别', '状态'],
      rows: [
        { row: 2, cells: ['好的一行', '1', '1'] },
        { row: 3, cells: ['坏\u0000的一行', '1', '1'] },
      ],
    };
    const before = await count(s, 'donation_activity');
    const run = await ExcelRun.start(s.ctx.db, 'import', undefined, session.user.id, model.table, sheet.rows.length);
    const error = await s.ctx.runtime.importSheet(session, model, sheet, run).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('导入失败，共1行有误');
    expect((error as ApiError).result).toEqual({ errors: [{ row: 3, messages: [expect.stringMatching(/^活动名称包含不允许的字符/)] }] });
    expect(await count(s, 'donation_activity')).toBe(before);
  });
});

describe('rich text', () => {
  it('is sanitised when imported from Excel, as on the form path', async () => {
    const file = await workbook([
      ['活动名称', '活动类别', '状态', '活动介绍'],
      ['导入富文本', '1', '1', '<p onclick="steal()">介绍<script>alert(1)</script><a href="javascript:alert(1)">链接</a></p>'],
    ]);
    const r = await s.api.upload('/donation/activity/importExcel', file, '活动.xlsx', admin);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true });
    const { rows } = await sql<{ description: string }>`select description from donation_activity where activity_name = '导入富文本'`.execute(s.db);
    expect(rows[0].description).toBe('<p>介绍<a>链接</a></p>');
  });

  it('is sanitised on the form path', async () => {
    const id = await addActivity(s, admin, { activityName: '表单富文本', description: '<img src="x" onerror="steal()"><script>x()</script>' });
    expect((await row(s, 'donation_activity', id))?.description).toBe('<img src="x" />');
  });
});

describe('hooks', () => {
  it('runs a hand-written beforeSave after the declared checks, refusing with its message', async () => {
    const activity = await addActivity(s, admin);
    refused(await s.api.post('/donation/team/add', { teamName: '禁止的团队', activityId: activity, status: '1' }, admin), '团队名称不可用');
    expect(await count(s, 'donation_team', sql`team_name = '禁止的团队'`)).toBe(0);
  });

  it('runs the after-hooks once for a whole import (set-based), with every row', async () => {
    afterSaveCalls.length = 0;
    const logsBefore = await count(s, 'sys_data_log', sql`data_table = 'donation_activity' and action = 'import'`);
    const file = await workbook([
      ['活动名称', '活动类别', '状态'],
      ['批量一', '1', '1'],
      ['批量二', '1', '1'],
      ['批量三', '1', '1'],
    ]);
    const r = await s.api.upload('/donation/activity/importExcel', file, '活动.xlsx', admin);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true, result: { count: 3 } });
    expect(afterSaveCalls).toEqual([3]);
    expect(await count(s, 'sys_data_log', sql`data_table = 'donation_activity' and action = 'import'`)).toBe(logsBefore + 3);
  });

  it('runs them once per write outside an import', async () => {
    afterSaveCalls.length = 0;
    await addActivity(s, admin, { activityName: '单条' });
    expect(afterSaveCalls).toEqual([1]);
  });
});

describe('ids of the wrong shape', () => {
  it('a word where a numeric id is expected (tenants) answers 400, never 500', async () => {
    for (const r of [
      await s.api.delete('/system/tenant/delete?id=abc', admin),
      await s.api.delete('/sys/tenant/deleteBatch?ids=abc,x', admin),
      await s.api.get('/system/tenant/queryById?id=abc', admin),
      await s.api.put('/system/tenant/edit', { id: 'abc', name: 'x' }, admin),
    ])
      refused(r, '参数格式不正确');
  });
});
