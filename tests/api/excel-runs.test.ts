import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRollups } from '../../server/engine/write/aggregates.ts';
import { addActivity, addDonation, count, refused } from './helpers/schema-records.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * Imports without one long transaction (issue 16 item 5): rows are checked outside any transaction — the
 * sheet's own repeats of a unique value and the table's refused by row, as before — and written together in
 * one short transaction; the browser follows the run's progress and may cancel it; a sheet of thousands of
 * rows keeps its totals exact.
 */

let s: TestServer;
let admin: string;
let zhangwei: string;
let activity: string;

const HEADERS = ['捐赠人类型', '捐赠人姓名', '所属活动', '捐赠金额', '支付方式', '支付状态', '支付时间', '交易流水号'];

async function sheet(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('捐赠记录');
  ws.addRow(HEADERS);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const donation = (i: number, trade: string, amount: number | string = 10) => [
  '个人',
  `导入${i}`,
  '导入活动',
  amount,
  '微信支付',
  '已支付',
  '2025-06-01 10:00:00',
  trade,
];

/** POST importExcel with the run's key beside the file, as the browser sends it. */
async function importWithKey(file: Buffer, key: string, token = admin) {
  const form = new FormData();
  form.append('runKey', key);
  form.append('file', new Blob([new Uint8Array(file)]), '捐赠.xlsx');
  const r = await fetch(`${s.origin}/hope-boot/donation/record/importExcel`, { method: 'POST', body: form, headers: { 'X-Access-Token': token } });
  return { status: r.status, body: await r.json() };
}

const raisedOf = async (id: string) =>
  String((await sql<{ raised_amount: string }>`select raised_amount from donation_activity where id = ${id}`.execute(s.db)).rows[0].raised_amount);

beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  zhangwei = await s.loginAs('zhangwei', ADMIN_PASSWORD);
  activity = await addActivity(s, admin, { activityName: '导入活动' });
});
afterAll(() => s?.close());

describe('checking before writing', () => {
  it("refuses the sheet's own repeat of a unique value and one the table holds, by row, writing nothing", async () => {
    await addDonation(s, admin, activity, { tradeNo: 'HELD-1' });
    const before = await count(s, 'donation_record');
    const r = await s.api.upload(
      '/donation/record/importExcel',
      await sheet([donation(1, 'NEW-1'), donation(2, 'NEW-1'), donation(3, 'HELD-1'), donation(4, 'NEW-4')]),
      'd.xlsx',
      admin,
    );
    refused(r, '导入失败，共2行有误');
    expect(r.body.result.errors).toEqual([
      { row: 3, messages: ['交易流水号已存在: NEW-1'] },
      { row: 4, messages: ['交易流水号已存在: HELD-1'] },
    ]);
    expect(await count(s, 'donation_record')).toBe(before);
  });

  it('writes a good sheet with generated codes in row order, its roll-up and its data log', async () => {
    const raised = Number(await raisedOf(activity));
    const r = await s.api.upload('/donation/record/importExcel', await sheet([donation(1, 'OK-1', 1.5), donation(2, 'OK-2', 2.25)]), 'd.xlsx', admin);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true, result: { count: 2 } });
    const { rows } = await sql<{ id: string; record_no: string; amount: string }>`
      select id, record_no, amount from donation_record where trade_no in ('OK-1', 'OK-2') order by trade_no`.execute(s.db);
    expect(rows.map((x) => Number(x.amount))).toEqual([1.5, 2.25]);
    expect(rows[0].record_no < rows[1].record_no).toBe(true);
    expect(Number(await raisedOf(activity))).toBeCloseTo(raised + 3.75, 2);
    const logs = await sql<{ action: string; data_version: number }>`
      select action, data_version from sys_data_log where data_id in (${sql.join(rows.map((x) => x.id))})`.execute(s.db);
    expect(logs.rows).toEqual([
      { action: 'import', data_version: 1 },
      { action: 'import', data_version: 1 },
    ]);
  });
});

describe('progress and cancelling', () => {
  it('reports a finished run to its user only, and refuses a malformed key', async () => {
    const key = `run-${Date.now()}`;
    const r = await importWithKey(await sheet([donation(1, 'RUN-1'), donation(2, 'RUN-2')]), key);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true });
    expect((await s.api.get(`/sys/excel/progress?key=${key}`, admin)).body.result).toEqual({ kind: 'import', phase: 'done', done: 0, total: 2 });
    refused(await s.api.get(`/sys/excel/progress?key=${key}`, zhangwei), '任务不存在', 404);
    refused(await s.api.post('/sys/excel/cancel', { key }, admin), '任务已结束，不能取消');
    const bad = await importWithKey(await sheet([donation(1, 'RUN-3')]), "x'; drop");
    expect(bad.body).toMatchObject({ success: false, message: '进度标识格式不正确' });
    expect(await count(s, 'donation_record', sql`trade_no = 'RUN-3'`)).toBe(0);
  });

  it('stops a run cancelled while its rows are checked: 导入已取消, nothing written', async () => {
    const key = `cancel-${Date.now()}`;
    const rows = Array.from({ length: 4000 }, (_, i) => donation(i, `CXL-${i}`));
    const before = await count(s, 'donation_record');
    const pending = importWithKey(await sheet(rows), key);
    let progress: { phase: string; done: number; total: number } | undefined;
    while (!progress) {
      const p = await s.api.get(`/sys/excel/progress?key=${key}`, admin);
      if (p.status === 200) progress = p.body.result;
      else await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(progress).toMatchObject({ phase: 'check', total: 4000 });
    refused(await s.api.post('/sys/excel/cancel', { key }, zhangwei), '任务已结束，不能取消');
    expect((await s.api.post('/sys/excel/cancel', { key }, admin)).body).toMatchObject({ success: true, message: '已取消' });
    expect((await pending).body).toMatchObject({ success: false, message: '导入已取消' });
    expect((await s.api.get(`/sys/excel/progress?key=${key}`, admin)).body.result.phase).toBe('cancelled');
    expect(await count(s, 'donation_record')).toBe(before);
  });

  it('refuses at its start a run cancelled while its file was still being sent, and keys that are malformed', async () => {
    const key = `early-${Date.now()}`;
    expect((await s.api.post('/sys/excel/cancel', { key }, admin)).body).toMatchObject({ success: true });
    const r = await importWithKey(await sheet([donation(1, 'EARLY-1')]), key);
    expect(r.body).toMatchObject({ success: false, message: '导入已取消' });
    expect(await count(s, 'donation_record', sql`trade_no = 'EARLY-1'`)).toBe(0);
    // Another user's key stays theirs.
    const taken = await importWithKey(await sheet([donation(1, 'EARLY-2')]), key, zhangwei);
    expect(taken.body).toMatchObject({ success: false, message: '进度标识已被使用' });
    refused(await s.api.post('/sys/excel/cancel', { key: 'bad key!' }, admin), '进度标识格式不正确');
    refused(await s.api.get('/sys/excel/progress', admin), '进度标识不能为空');
  });
});

describe('exports', () => {
  it('lays out every row of the list page by page, reporting its progress, the same as the list shows', async () => {
    const key = `export-${Date.now()}`;
    const r = await s.api.download(`/donation/record/exportXls?tradeNo=OK-*&column=amount&order=desc&runKey=${key}`, admin);
    expect(r.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(r.bytes as unknown as ExcelJS.Buffer);
    const ws = book.worksheets[0];
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const trades = Array.from({ length: ws.rowCount - 1 }, (_, i) => String(ws.getRow(i + 2).getCell(header.indexOf('交易流水号') + 1).value));
    expect(trades).toEqual(['OK-2', 'OK-1']);
    expect((await s.api.get(`/sys/excel/progress?key=${key}`, admin)).body.result).toEqual({ kind: 'export', phase: 'done', done: 2, total: 2 });
  });

  it('refuses an export cancelled before it began: 导出已取消', async () => {
    const key = `export-early-${Date.now()}`;
    expect((await s.api.post('/sys/excel/cancel', { key }, admin)).body).toMatchObject({ success: true });
    const r = await s.api.download(`/donation/record/exportXls?runKey=${key}`, admin);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, message: '导出已取消' });
  });
});

describe('many rows', () => {
  it('keeps a roll-up exact over 20,000 changes in one statement (the deltas were an expression 20,000 terms deep)', async () => {
    const target = await addActivity(s, admin, { activityName: '大量变更' });
    const model = s.ctx.runtime.registry.get('donation/record');
    const base = { activity_id: target, pay_status: '2', pay_time: '2025-06-01 10:00:00', donor_type: '1', sys_org_code: 'A01', tenant_id: 1 };
    const changes = Array.from({ length: 20_000 }, (_, i) => ({ after: { ...base, id: `x${i}`, amount: i % 2 ? '0.01' : '-0.005' } }));
    await s.db.transaction().execute((trx) => applyRollups(trx, s.ctx.runtime.registry, model, changes));
    // 10,000 × 0.01 − 10,000 × 0.005, exactly.
    expect(await raisedOf(target)).toMatch(/^50(\.0+)?$/);
  });
});
