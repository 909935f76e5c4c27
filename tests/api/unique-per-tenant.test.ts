import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addActivity, addDonation, addRecord, count, refused } from './helpers/schema-records.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * Uniqueness per tenant (entity.uniquePer, issue 14): a document whose unique values say something about someone
 * (服务站点's name here; an id card number, an openid) checks them within the tenant and the shared rows of tenant
 * 0 only — on save, on import and in /sys/duplicate/check — so one tenant learns nothing of another's rows. Its
 * unique index leads with tenant_id, and the old table-wide one is gone. Codes the system looks up stay unique
 * across the table.
 */

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
});
afterAll(() => s?.close());

const station = (name: string) => ({ stationName: name, stationType: '1', region: '110101' });
const addStation = (name: string) => addRecord(s, admin, 'demo/station', station(name));
const moveToTenant = (table: string, id: string, tenant: number) => sql`update ${sql.table(table)} set tenant_id = ${tenant} where id = ${id}`.execute(s.db);
const check = (value: string) => s.api.get(`/sys/duplicate/check?tableName=demo_station&fieldName=station_name&fieldVal=${encodeURIComponent(value)}`, admin);

describe('a document unique per tenant', () => {
  it("takes a value another tenant holds, and says it is free; refuses one of its own tenant's or a shared row's", async () => {
    await moveToTenant('demo_station', await addStation('外租户站点'), 2);
    expect((await check('外租户站点')).body).toMatchObject({ success: true, message: '该值可用！' });
    const mine = await addStation('外租户站点');
    expect(await count(s, 'demo_station', sql`station_name = '外租户站点'`)).toBe(2);

    expect((await check('外租户站点')).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    // The record's own value is no duplicate of itself.
    expect((await s.api.get(`/sys/duplicate/check?tableName=demo_station&fieldName=station_name&fieldVal=外租户站点&dataId=${mine}`, admin)).body.success).toBe(
      true,
    );
    refused(await s.api.post('/demo/station/add', station('外租户站点'), admin), '站点名称已存在: 外租户站点');

    await moveToTenant('demo_station', await addStation('共享站点'), 0);
    expect((await check('共享站点')).body.success).toBe(false);
    refused(await s.api.post('/demo/station/add', station('共享站点'), admin), '站点名称已存在: 共享站点');
    expect(await count(s, 'demo_station', sql`station_name = '共享站点'`)).toBe(1);
  });

  it('an import takes a value of another tenant and refuses one of its own, writing nothing then', async () => {
    await moveToTenant('demo_station', await addStation('导入外租户'), 2);
    await addStation('导入本租户');
    const sheet = async (names: string[]) => {
      const book = new ExcelJS.Workbook();
      const rows = book.addWorksheet('服务站点');
      rows.addRow(['站点名称', '站点类型', '所在地区']);
      for (const name of names) rows.addRow([name, '县级服务站', '110101']);
      return Buffer.from(await book.xlsx.writeBuffer());
    };
    const before = await count(s, 'demo_station');
    const bad = await s.api.upload('/demo/station/importExcel', await sheet(['导入外租户', '导入本租户']), 'a.xlsx', admin);
    refused(bad, '导入失败，共1行有误');
    expect(bad.body.result.errors).toEqual([{ row: 3, messages: ['站点名称已存在: 导入本租户'] }]);
    expect(await count(s, 'demo_station')).toBe(before);
    const good = await s.api.upload('/demo/station/importExcel', await sheet(['导入外租户']), 'a.xlsx', admin);
    expect(good.body.success, JSON.stringify(good.body)).toBe(true);
    expect(await count(s, 'demo_station', sql`station_name = '导入外租户'`)).toBe(2);
  });

  it('its unique index leads with tenant_id; the table-wide one is gone', async () => {
    const { rows } = await sql<{ indexname: string; indexdef: string }>`
      select indexname, indexdef from pg_indexes where tablename = 'demo_station' and indexname like 'uq_%'`.execute(s.db);
    expect(rows.map((r) => r.indexname)).toEqual(['uq_demo_station_tenant_id_station_name']);
    expect(rows[0].indexdef).toMatch(/UNIQUE INDEX .*\(tenant_id, station_name\)/);
  });
});

it('a code unique across the table is refused whichever tenant holds it', async () => {
  const foreign = await addDonation(s, admin, await addActivity(s, admin), { tradeNo: 'WX-UNIQUE-1' });
  await moveToTenant('donation_record', foreign, 2);
  refused(
    await s.api.post(
      '/donation/record/add',
      { donorType: '1', donorName: '甲', activityId: await addActivity(s, admin), amount: 1, payMethod: '1', payStatus: '1', tradeNo: 'WX-UNIQUE-1' },
      admin,
    ),
    '交易流水号已存在: WX-UNIQUE-1',
  );
});
