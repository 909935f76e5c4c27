import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addActivity, addDonation, count, refused } from './helpers/schema-records.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/* Export honours the list's filters and writes what people read; import takes it back, all or nothing. */

let s: TestServer;
let admin: string;
let zhangwei: string;
let activity: string;
const ids: string[] = [];

beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  zhangwei = await s.loginAs('zhangwei', ADMIN_PASSWORD);
  activity = await addActivity(s, admin, { activityName: '导出活动' });
  const rows: [string, number, string, string][] = [
    ['周一', 10, '1', 'WX0001'],
    ['周二', 20.5, '2', 'ZFB0002'],
    ['周三', 30, '2', 'ZFB0003'],
    ['周四', 40, '3', 'TR0004'],
  ];
  for (const [name, amount, method, trade] of rows)
    ids.push(await addDonation(s, admin, activity, { donorName: name, amount, payMethod: method, tradeNo: trade, phone: '13912345678' }));
});
afterAll(() => s?.close());

async function sheetOf(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('捐赠记录');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const column = (rows: string[][], title: string) => rows.slice(1).map((r) => r[rows[0].indexOf(title)]);

describe('exportXls', () => {
  it('writes the list columns under their titles, only the filtered rows, with dictionary and reference texts', async () => {
    const r = await s.api.download('/donation/record/exportXls?payMethod=2&column=amount&order=asc', admin);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('spreadsheetml');
    expect(r.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('捐赠记录.xlsx')}`);
    const rows = await sheetOf(r.bytes);
    expect(rows[0]).toEqual([
      '捐赠编号',
      '捐赠人类型',
      '捐赠人姓名',
      '联系电话',
      '所属活动',
      '所属团队',
      '捐赠金额',
      '支付方式',
      '支付状态',
      '支付时间',
      '开票状态',
      '交易流水号',
      '捐赠留言',
    ]);
    expect(column(rows, '捐赠人姓名')).toEqual(['周二', '周三']);
    expect(column(rows, '支付方式')).toEqual(['支付宝', '支付宝']);
    expect(column(rows, '所属活动')).toEqual(['导出活动', '导出活动']);
    expect(column(rows, '捐赠金额')).toEqual(['20.5', '30']);
    expect(column(rows, '联系电话')).toEqual(['13912345678', '13912345678']);
  });

  it('exports only the selected rows when selections are given, and masks for a user who may not see', async () => {
    const rows = await sheetOf((await s.api.download(`/donation/record/exportXls?selections=${ids[0]},${ids[3]}&column=amount&order=asc`, zhangwei)).bytes);
    expect(column(rows, '捐赠人姓名')).toEqual(['周一', '周四']);
    expect(column(rows, '联系电话')).toEqual(['139****5678', '139****5678']);
  });

  it('refuses the same bad parameters as the list', async () => {
    refused(await s.api.get('/donation/record/exportXls?password=1', admin), '未知的查询字段: password');
    refused(await s.api.get('/donation/record/exportXls?pay_method=2', admin), '未知的查询字段: pay_method（应写作 payMethod）');
  });
});

describe('importExcel', () => {
  it('imports an exported file back: codes regenerated, texts turned back into codes and ids', async () => {
    const exported = (await s.api.download(`/donation/record/exportXls?selections=${ids[1]},${ids[2]}`, admin)).bytes;
    await s.api.delete(`/donation/record/deleteBatch?ids=${ids[1]},${ids[2]}`, admin);
    const r = await s.api.upload('/donation/record/importExcel', exported, '捐赠记录.xlsx', admin);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true, message: '导入成功，共2条', result: { count: 2 } });
    const { rows } = await sql<Record<string, any>>`select * from donation_record where trade_no in ('ZFB0002', 'ZFB0003') order by trade_no`.execute(s.db);
    expect(rows.map((x) => [x.donor_name, x.pay_method, x.pay_status, x.activity_id, x.amount, x.phone])).toEqual([
      ['周二', '2', '2', activity, 20.5, '13912345678'],
      ['周三', '2', '2', activity, 30, '13912345678'],
    ]);
    expect(rows.every((x) => /^JZ\d{12}$/.test(x.record_no) && x.create_by === 'admin')).toBe(true);
    expect(await count(s, 'sys_data_log', sql`action = 'import'`)).toBe(2);
    expect(Number((await sql<{ v: number }>`select raised_amount as v from donation_activity where id = ${activity}`.execute(s.db)).rows[0].v)).toBe(100.5);
  });

  it('imports nothing when one row is bad, and reports each bad row with its messages', async () => {
    const before = await count(s, 'donation_record');
    const file = await workbook([
      ['捐赠人姓名', '所属活动', '捐赠金额', '支付方式', '支付状态', '交易流水号'],
      ['好一', '导出活动', 5, '微信支付', '待支付', 'IMP001'],
      ['坏二', '导出活动', -1, '信用卡', '待支付', 'IMP002'],
      ['好三', '导出活动', 6, '现金', '待支付', 'IMP001'],
      ['好四', '没有的活动', 7, '现金', '待支付', null],
    ]);
    const r = await s.api.upload('/donation/record/importExcel', file, 'bad.xlsx', admin);
    refused(r, '导入失败，共3行有误');
    expect(r.body.result.errors).toEqual([
      { row: 3, messages: ['捐赠金额不能小于0.01', '支付方式的值不在字典中: 信用卡'] },
      { row: 4, messages: ['交易流水号已存在: IMP001'] },
      { row: 5, messages: ['所属活动不存在'] },
    ]);
    expect(await count(s, 'donation_record')).toBe(before);
  });

  it('refuses an unknown column or a column name for a title, a file that is no workbook, an empty sheet and a missing file', async () => {
    refused(
      await s.api.upload(
        '/donation/record/importExcel',
        await workbook([
          ['捐赠人姓名', '密码'],
          ['x', 'y'],
        ]),
        'a.xlsx',
        admin,
      ),
      '导入失败，无法识别的列: 密码',
    );
    // A sheet headed by the table's column names instead of the template's titles imports nothing, and says which titles to use.
    const before = await count(s, 'donation_record');
    refused(
      await s.api.upload(
        '/donation/record/importExcel',
        await workbook([
          ['donor_name', 'activity_id', 'amount', 'pay_method', 'pay_status'],
          ['列名一', '导出活动', 5, '微信支付', '待支付'],
        ]),
        'a.xlsx',
        admin,
      ),
      '导入失败，无法识别的列: donor_name（应写作 捐赠人姓名）、activity_id（应写作 所属活动）、pay_method（应写作 支付方式）、pay_status（应写作 支付状态）',
    );
    expect(await count(s, 'donation_record')).toBe(before);
    refused(await s.api.upload('/donation/record/importExcel', Buffer.from('not a workbook'), 'a.xlsx', admin), '导入失败，文件不是有效的Excel文件（.xlsx）');
    refused(await s.api.upload('/donation/record/importExcel', await workbook([['捐赠人姓名']]), 'a.xlsx', admin), '导入失败，文件中没有数据');
    refused(await s.api.upload('/donation/record/importExcel', Buffer.from('x'), 'a.xlsx', admin, 'other'), '请选择要导入的文件');
  });
});
