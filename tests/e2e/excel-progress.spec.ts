import ExcelJS from 'exceljs';
import type { Locator } from '@playwright/test';
import { expect, type Page, test } from './fixtures.ts';
import { shot, signIn, storedToken } from './helpers.ts';
import { API } from './schema-helpers.ts';

/*
 * The progress window of an Excel import or export (issue 16 item 5): it shows how far the run is, and its
 * cancel button stops it — before the server has begun, a moment the test makes certain by holding the
 * request back (the server then refuses the run: an import writes nothing), or while an import's rows are written.
 */

async function openRecords(page: Page) {
  await page.goto('/#/donation/record');
  await expect(page.locator('.list-pagination')).toContainText(/共[1-9]\d*条/);
}

/** A sheet of `n` donations to the first activity the admin sees, their trade numbers `${prefix}-i`. */
async function donationSheet(page: Page, prefix: string, n: number): Promise<Buffer> {
  const token = (await storedToken(page))!;
  const activities = await (await page.request.get(`${API}/donation/activity/list?pageSize=1`, { headers: { 'X-Access-Token': token } })).json();
  const activity = activities.result.records[0].activityName as string;
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('捐赠记录');
  ws.addRow(['捐赠人类型', '捐赠人姓名', '所属活动', '捐赠金额', '支付方式', '支付状态', '交易流水号']);
  for (let i = 0; i < n; i++) ws.addRow(['个人', `${prefix}捐赠人${i}`, activity, 10, '微信支付', '待支付', `${prefix}-${i}`]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function idsOf(page: Page, prefix: string): Promise<string[]> {
  const token = (await storedToken(page))!;
  const r = await page.request.get(`${API}/donation/record/list?pageSize=1000&tradeNo=${prefix}*`, { headers: { 'X-Access-Token': token } });
  return ((await r.json()).result.records as { id: string }[]).map((x) => x.id);
}

/** The worker's server serves the later spec files too: the imported rows go again. */
async function removeAll(page: Page, ids: string[]) {
  const token = (await storedToken(page))!;
  const r = await page.request.delete(`${API}/donation/record/deleteBatch?ids=${ids.join(',')}`, { headers: { 'X-Access-Token': token } });
  expect((await r.json()).success).toBe(true);
}

/** Holds the requests to `path` (the workbook's upload, the export) until `release` is called. */
async function hold(page: Page, path = '**/importExcel'): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(path, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Signs in, opens 捐赠记录 and starts importing a sheet of `n` donations, its upload held back: the window is up. */
async function heldImport(page: Page, prefix: string, n: number) {
  await signIn(page, 'admin', { open: false });
  await openRecords(page);
  const file = await donationSheet(page, prefix, n);
  const release = await hold(page);
  await page.getByTestId('import-input').setInputFiles({ name: '捐赠.xlsx', mimeType: 'application/octet-stream', buffer: file });
  const dialog = page.getByRole('dialog', { name: '导入数据' });
  await expect(dialog.getByTestId('excel-progress')).toHaveText('正在上传文件…');
  return { release, dialog };
}

/** Presses the window's cancel button, waits for the server's yes, lets the held request go, and expects the notice. */
async function cancelHeld(page: Page, dialog: Locator, button: string, release: () => void, notice: string) {
  const cancelled = page.waitForResponse((r) => r.url().includes('/sys/excel/cancel'));
  await dialog.getByRole('button', { name: button }).click();
  expect((await (await cancelled).json()).success).toBe(true);
  release();
  await expect(page.locator('.ant-message')).toContainText(notice);
  await expect(dialog).toBeHidden();
}

test('an import shows its progress while it runs, then its count', async ({ page }) => {
  const { release, dialog } = await heldImport(page, 'PROG', 300);
  await expect(dialog.getByRole('button', { name: '取消导入' })).toBeEnabled();
  await shot(page, 'excel-progress-import');
  release();
  await expect(page.getByText('导入成功，共300条')).toBeVisible();
  await expect(dialog).toBeHidden();
  const ids = await idsOf(page, 'PROG');
  expect(ids).toHaveLength(300);
  await removeAll(page, ids);
});

test('取消导入 stops an import: nothing is written', async ({ page }) => {
  const { release, dialog } = await heldImport(page, 'STOP', 300);
  await cancelHeld(page, dialog, '取消导入', release, '导入已取消');
  expect(await idsOf(page, 'STOP')).toEqual([]);
});

test('取消导入 while the rows are written (a pending batch, embedded database) drops them all', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  await openRecords(page);
  // Large enough that its writing, 100 rows a chunk, lasts seconds: long past the window's first poll in that phase.
  const file = await donationSheet(page, 'MIDW', 5000);
  await page.getByTestId('import-input').setInputFiles({ name: '捐赠.xlsx', mimeType: 'application/octet-stream', buffer: file });
  const dialog = page.getByRole('dialog', { name: '导入数据' });
  await expect(dialog.getByTestId('excel-progress')).toHaveText(/正在写入：\d+ \/ 5000 行/, { timeout: 60_000 });
  const cancelled = page.waitForResponse((r) => r.url().includes('/sys/excel/cancel'));
  await dialog.getByRole('button', { name: '取消导入' }).click();
  expect((await (await cancelled).json()).success).toBe(true);
  await expect(page.locator('.ant-message')).toContainText('导入已取消');
  await expect(dialog).toBeHidden();
  expect(await idsOf(page, 'MIDW')).toEqual([]);
});

test('取消导出 stops an export: no file, 导出已取消', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  await openRecords(page);
  const release = await hold(page, '**/exportXls?**');
  let downloaded = false;
  page.on('download', () => (downloaded = true));
  await page.getByRole('button', { name: /导\s*出/ }).click();
  const dialog = page.getByRole('dialog', { name: '导出数据' });
  await expect(dialog.getByTestId('excel-progress')).toHaveText('正在准备导出…');
  await shot(page, 'excel-progress-export');
  await cancelHeld(page, dialog, '取消导出', release, '导出已取消');
  expect(downloaded).toBe(false);
});
