import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { activitiesOfTwoTenants, addDonation, count, refused, row } from './helpers/schema-records.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * A record may reference only rows its writer's tenants see (issue 14, the writer's half of the tenant wall): a
 * donation pointing at another tenant's activity would add to that tenant's 已筹金额 through the roll-up, and its
 * list would show the other tenant's activity name. Such an id answers as a missing one, on every write path.
 */

let s: TestServer;
let admin: string;
let mine: string;
let foreign: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  ({ mine, foreign } = await activitiesOfTwoTenants(s, admin, '本租户活动', '外租户活动'));
});
afterAll(() => s?.close());

const raised = async (id: string) => Number((await row(s, 'donation_activity', id))!.raised_amount ?? 0);

it("refuses an add or an edit pointing at another tenant's row as a missing one, and leaves that tenant's totals alone", async () => {
  const before = await count(s, 'donation_record');
  const add = await s.api.post(
    '/donation/record/add',
    { donorType: '1', donorName: '越界', activityId: foreign, amount: 100, payMethod: '1', payStatus: '2' },
    admin,
  );
  refused(add, /所属活动不存在/);
  expect(await count(s, 'donation_record')).toBe(before);

  const id = await addDonation(s, admin, mine, { amount: 50 });
  const edit = await s.api.put('/donation/record/edit', { id, activityId: foreign }, admin);
  refused(edit, /所属活动不存在/);
  expect((await row(s, 'donation_record', id))!.activity_id).toBe(mine);
  expect(await raised(foreign)).toBe(0);
  expect(await raised(mine)).toBe(50);
});

it("an import naming another tenant's activity finds no such activity", async () => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('捐赠记录');
  sheet.addRow(['捐赠人姓名', '所属活动', '捐赠金额', '支付方式', '支付状态']);
  sheet.addRow(['甲', '本租户活动', 5, '微信支付', '已支付']);
  sheet.addRow(['乙', '外租户活动', 6, '微信支付', '已支付']);
  const before = await count(s, 'donation_record');
  const r = await s.api.upload('/donation/record/importExcel', Buffer.from(await book.xlsx.writeBuffer()), 'a.xlsx', admin);
  refused(r, '导入失败，共1行有误');
  expect(r.body.result.errors).toEqual([{ row: 3, messages: ['所属活动不存在'] }]);
  expect(await count(s, 'donation_record')).toBe(before);
});
