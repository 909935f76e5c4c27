import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deepPages } from '../../server/engine/read/reader.ts';
import { actionCode, menuIdOf } from '../../server/engine/schema/menus.ts';
import { addActivity, addDonation, departmentDonationReader } from './helpers/schema-records.ts';
import { steadyRoundTrips } from './helpers/round-trips.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * The data log read under the logged records' data rules (issue 14): a user whose role sees only 本部门's
 * 捐赠记录 reads, on every route over sys_data_log (list, queryById, export, the version views the record
 * page's 操作记录 uses), the versions of their department's records only; the administrator, without data
 * rules, reads every version. A record deleted for good is in no department any more: its versions are
 * hidden from a limited reader. Tables the reader has no rule on stay open.
 */

let s: TestServer;
let admin: string;
let reader: string;
const ids = { activity: '', own: '', other: '', gone: '' };

async function edit(id: string, amount: number) {
  const r = await s.api.post('/donation/record/edit', { id, amount }, admin);
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true });
}

beforeAll(async () => {
  s = await startServer({ COUNT_ROUND_TRIPS: 'true' });
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  ids.activity = await addActivity(s, admin);
  ids.own = await addDonation(s, admin, ids.activity);
  ids.other = await addDonation(s, admin, ids.activity);
  ids.gone = await addDonation(s, admin, ids.activity);
  await edit(ids.own, 200);
  await edit(ids.other, 300);
  // Another department's record: moved there behind the writer's back, so its log rows stay as they were.
  await sql`update donation_record set sys_org_code = 'A01A99' where id = ${ids.other}`.execute(s.db);
  // A record of the reader's own department, deleted for good: nothing is left to test its log rows against.
  expect((await s.api.delete(`/donation/record/delete?id=${ids.gone}`, admin)).body).toMatchObject({ success: true });

  const dataLog = s.ctx.runtime.registry.get('system/data_log');
  const exportButton = await s.db.selectFrom('sys_permission').select('id').where('perms', '=', actionCode(dataLog, 'export')).executeTakeFirstOrThrow();
  reader = await departmentDonationReader(s, admin, {
    username: 'logreader',
    realname: '日志读者',
    roleCode: 'dept_log',
    permissions: [menuIdOf('system/data_log'), exportButton.id],
  });
}, 120_000);
afterAll(() => s?.close());

/** The ids of the log rows a token lists (of 捐赠记录 unless the query says otherwise), sorted. */
async function listed(token: string, query = 'dataTable=donation_record'): Promise<string[]> {
  const r = await s.api.get(`/system/data_log/list?${query}&pageSize=100`, token);
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true });
  expect(r.body.result.total).toBe(r.body.result.records.length);
  return r.body.result.records.map((row: { id: string }) => row.id).sort();
}

/** The ids of a record's log rows, its first version first. */
async function logOf(...records: string[]): Promise<string[]> {
  const rows = await s.db.selectFrom('sys_data_log').select('id').where('data_id', 'in', records).orderBy('data_id').orderBy('data_version').execute();
  return rows.map((r) => r.id);
}

const sorted = (list: string[]) => [...list].sort();

describe('the data log under the logged records’ data rules', () => {
  it('lists only the versions of records of the reader’s department; the administrator lists all', async () => {
    expect(await logOf(ids.own)).toHaveLength(2);
    expect(await listed(reader)).toEqual(sorted(await logOf(ids.own)));
    expect(await listed(admin)).toEqual(sorted(await logOf(ids.own, ids.other, ids.gone)));
  });

  it('costs the limited reader no more round trips than the administrator, once the grants are cached', async () => {
    const steady = (token: string, budget: number) => steadyRoundTrips(s, '/system/data_log/list?pageSize=10', token, budget);
    // A list's count, rows and the data log's table labels; the logged records' scope adds none.
    const adminTrips = await steady(admin, 4);
    expect(await steady(reader, adminTrips)).toBeGreaterThan(0);
  });

  it('applies the same scope to a deep page, read by its ids first', async () => {
    const from = deepPages.fromOffset;
    deepPages.fromOffset = 0;
    try {
      expect(await listed(reader)).toEqual(sorted(await logOf(ids.own)));
      expect(await listed(admin)).toEqual(sorted(await logOf(ids.own, ids.other, ids.gone)));
    } finally {
      deepPages.fromOffset = from;
    }
  });

  it('leaves tables the reader has no data rule on open', async () => {
    expect(await listed(reader, `dataTable=donation_activity&dataId=${ids.activity}`)).toEqual(await logOf(ids.activity));
  });

  it('answers a hidden version by id as a hidden record is answered', async () => {
    const [ownLog] = await logOf(ids.own);
    const [otherLog] = await logOf(ids.other);
    expect((await s.api.get(`/system/data_log/queryById?id=${ownLog}`, reader)).body.result).toMatchObject({ id: ownLog });
    const hidden = await s.api.get(`/system/data_log/queryById?id=${otherLog}`, reader);
    const hiddenRecord = await s.api.get(`/donation/record/queryById?id=${ids.other}`, reader);
    expect(hiddenRecord.body.success).toBe(false);
    expect({ status: hidden.status, body: { ...hidden.body, timestamp: 0 } }).toEqual({
      status: hiddenRecord.status,
      body: { ...hiddenRecord.body, timestamp: 0 },
    });
    expect((await s.api.get(`/system/data_log/queryById?id=${otherLog}`, admin)).body.result).toMatchObject({ id: otherLog });
  });

  it('gives the version views (操作记录) nothing of a hidden or deleted record', async () => {
    const versions = (token: string, id: string) =>
      s.api.get(`/system/data_log/queryDataVerList?dataTable=donation_record&dataId=${id}`, token).then((r) => r.body.result.map((v: { id: string }) => v.id));
    const latestFirst = async (id: string) => (await logOf(id)).reverse();
    expect(await versions(reader, ids.own)).toEqual(await latestFirst(ids.own));
    expect(await versions(reader, ids.other)).toEqual([]);
    expect(await versions(reader, ids.gone)).toEqual([]);
    expect(await versions(admin, ids.other)).toEqual(await latestFirst(ids.other));
    expect(await versions(admin, ids.gone)).toEqual(await latestFirst(ids.gone));

    const compared = async (token: string, id: string) => {
      const [first, second] = await logOf(id);
      const r = await s.api.get(`/system/data_log/queryCompareList?dataId1=${first}&dataId2=${second}`, token);
      return r.body.result.map((v: { id: string }) => v.id);
    };
    expect(await compared(reader, ids.own)).toEqual(await logOf(ids.own));
    expect(await compared(reader, ids.other)).toEqual([]);
    expect(await compared(admin, ids.other)).toEqual(await logOf(ids.other));
  });

  it('exports only what the list shows', async () => {
    const exported = async (token: string) => {
      const r = await s.api.download('/system/data_log/exportXls?dataTable=donation_record', token);
      expect(r.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(r.bytes as unknown as ExcelJS.Buffer);
      const cells: string[] = [];
      book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text)))));
      return cells;
    };
    const mine = await exported(reader);
    expect(mine.filter((c) => c === ids.own)).toHaveLength(2);
    expect(mine).not.toContain(ids.other);
    expect(mine).not.toContain(ids.gone);
    const all = await exported(admin);
    for (const id of Object.values(ids).slice(1)) expect(all.filter((c) => c === id)).toHaveLength(2);
  });
});
