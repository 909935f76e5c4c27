import ExcelJS from 'exceljs';
import { expect, type Page, test } from './fixtures.ts';
import { shot, signIn, storedToken } from './helpers.ts';
import { API } from './schema-helpers.ts';

/*
 * An Excel import's progress window (issue 16 item 5): it shows how far the import is while the file is sent
 * and its rows are checked, and 取消导入 stops it — here while the file is still on its way, which the test
 * holds back so that the moment is certain; the server then refuses the run and writes nothing.
 */

async function openRecords(page: Page) {
  await page.goto('/#/donation/record');
  await expect(page.locator('.list-pagination')).toContainText(/共[1-9]\d*条/);
}

/** A sheet of `n` donations to the first activity the admin sees, their trade numbers `${prefix}-i`. */
async function donationSheet(page: Page, prefix: string, n: number): Promise<Buffer> {
  const token = (await storedToken(page))!;
  const activities = await (await page.request.get(`${API}/donation/activity/list?pageSize=1`, { headers: { 'X-Access-Token': token } })).json();
  const activity = activities.result.records[0].activity_name as string;
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('捐赠记录');
  ws.addRow(['捐赠人类型', '捐赠人姓名', '所属活动', '捐赠金额', '支付方式', '支付状态', '交易流水号']);
  for (let i = 0; i < n; i++) ws.addRow(['个人', `${prefix}捐赠人${i}`, activity, 10, '微信支付', '待支付', `${prefix}-${i}`]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function countOf(page: Page, prefix: string): Promise<number> {
  const token = (await storedToken(page))!;
  const r = await page.request.get(`${API}/donation/record/list?pageSize=1&trade_no=${prefix}*`, { headers: { 'X-Access-Token': token } });
  return (await r.json()).result.total as number;
}

/** Holds the upload of the workbook until `release` is called. */
async function holdUpload(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/importExcel', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('a large import shows its progress, then its count', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  await openRecords(page);
  const file = await donationSheet(page, 'PROG', 2000);
  const release = await holdUpload(page);
  await page.getByTestId('import-input').setInputFiles({ name: '捐赠.xlsx', mimeType: 'application/octet-stream', buffer: file });
  const dialog = page.getByRole('dialog', { name: '导入数据' });
  await expect(dialog.getByTestId('import-progress')).toHaveText('正在上传文件…');
  await expect(dialog.getByRole('button', { name: '取消导入' })).toBeEnabled();
  await shot(page, 'import-progress');
  release();
  await expect(page.getByText('导入成功，共2000条')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await countOf(page, 'PROG')).toBe(2000);
});

test('取消导入 stops an import: nothing is written', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  await openRecords(page);
  const file = await donationSheet(page, 'STOP', 300);
  const release = await holdUpload(page);
  await page.getByTestId('import-input').setInputFiles({ name: '捐赠.xlsx', mimeType: 'application/octet-stream', buffer: file });
  const dialog = page.getByRole('dialog', { name: '导入数据' });
  await expect(dialog.getByTestId('import-progress')).toHaveText('正在上传文件…');
  const cancelled = page.waitForResponse((r) => r.url().includes('/sys/import/cancel'));
  await dialog.getByRole('button', { name: '取消导入' }).click();
  expect((await (await cancelled).json()).success).toBe(true);
  release();
  await expect(page.locator('.ant-message')).toContainText('导入已取消');
  await expect(dialog).toBeHidden();
  expect(await countOf(page, 'STOP')).toBe(0);
});
