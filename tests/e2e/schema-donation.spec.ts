import { readFileSync } from 'node:fs';
import { expect, type Page, test } from './fixtures.ts';
import { shot, signIn, storedToken } from './helpers.ts';

/*
 * The schema runtime end to end on the donation record screen (schemas/donation/record.json):
 * create, query, sort, page, edit, view, delete, batch delete, export and import, and a user without
 * the edit permission. Every step goes through the real server and database.
 */
const NAME = 'E2E测试捐赠人';
const API = '/hope-boot';

async function openRecords(page: Page) {
  await page.goto('/#/donation/record');
  await expect(page.getByTestId('list-donation/record')).toBeVisible();
  // The demo data has records: wait for them, not for the empty pager shown while the first page loads.
  await expect(page.locator('.list-pagination')).toContainText(/共[1-9]\d*条/);
}

const rows = (page: Page) => page.getByTestId('data-table').locator('tbody tr');

/** A Formily form item in the open modal, by its label (Formily labels are not <label for>). */
const item = (page: Page, label: string) =>
  page.locator('.ant-modal .ant-formily-item').filter({ has: page.locator('.ant-formily-item-label-content label', { hasText: new RegExp(`^${label}$`) }) });
const field = (page: Page, label: string) => item(page, label).locator('input').first();

/** Chooses an option of a select in the form and checks it took (dictionary options load asynchronously). */
async function pickOption(page: Page, label: string, option: string | RegExp) {
  const select = item(page, label);
  await expect(async () => {
    await select.locator('.ant-select-selector').click();
    const choice = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first();
    await choice.waitFor({ timeout: 2000 });
    await choice.click();
    await expect(select.locator('.ant-select-selection-item')).toHaveText(option, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}

async function search(page: Page, donor: string) {
  const bar = page.getByTestId('query-bar');
  await bar.getByPlaceholder('请输入捐赠人').fill(donor);
  await bar.getByRole('button', { name: /查\s*询/ }).click();
}

test.describe.configure({ mode: 'serial' });

test('admin creates, queries, sorts, pages, edits, views and deletes donation records', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  await openRecords(page);
  await shot(page, 'donation-record-list', { fullPage: true });
  const totalText = await page.locator('.list-pagination').textContent();
  expect(totalText).toMatch(/1-10 共\d+条/);

  // Create: required messages first, then a paid record (pay time becomes required by linkage).
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await page
    .locator('.ant-modal')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.locator('.ant-modal')).toContainText('请输入捐赠人姓名');
  await expect(page.locator('.ant-modal')).toContainText('请输入捐赠金额');
  await field(page, '捐赠人姓名').fill(NAME);
  await field(page, '联系电话').fill('13800001111');
  await pickOption(page, '所属活动', /./);
  await field(page, '捐赠金额').fill('88.88');
  await pickOption(page, '支付方式', '微信支付');
  await pickOption(page, '支付状态', '已支付');
  await page
    .locator('.ant-modal')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.locator('.ant-modal')).toContainText('必填项');
  await shot(page, 'donation-record-form');
  await field(page, '支付时间').click();
  await page.locator('.ant-picker-dropdown:visible').getByText('此刻').click();
  await page
    .locator('.ant-modal')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('添加成功！')).toBeVisible();
  await expect(page.locator('.ant-modal')).toHaveCount(0);

  // Query: like, not-equal, a range and a multi-value.
  await search(page, 'E2E测试');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(NAME);
  // The admin holds the view-sensitive permission: the phone is shown whole.
  await expect(rows(page).first()).toContainText('13800001111');
  await search(page, `!${NAME}`);
  await expect(page.locator('.list-pagination')).not.toContainText('共1条');
  await search(page, NAME);
  await page.getByText('展开').click();
  await page.getByPlaceholder('最小值').fill('88');
  await page.getByPlaceholder('最大值').fill('89');
  await page
    .getByTestId('query-bar')
    .getByRole('button', { name: /查\s*询/ })
    .click();
  await expect(rows(page)).toHaveCount(1);
  await page.getByPlaceholder('最小值').fill('89');
  await page
    .getByTestId('query-bar')
    .getByRole('button', { name: /查\s*询/ })
    .click();
  await expect(page.locator('.data-table-empty')).toBeVisible();
  await page.getByRole('button', { name: /重\s*置/ }).click();
  await expect(page.locator('.list-pagination')).toContainText(/1-10 共\d+条/);

  // Sort by amount ascending, then descending.
  const amountHeader = page.getByTestId('data-table').locator('th', { hasText: '捐赠金额' });
  await amountHeader.click();
  await expect(amountHeader).toHaveAttribute('aria-sort', 'ascending');
  const money = async () => (await rows(page).locator('td:nth-child(8)').allTextContents()).map((t) => Number(t.replace(/,/g, '')));
  const ascending = await money();
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  await amountHeader.click();
  await expect(amountHeader).toHaveAttribute('aria-sort', 'descending');

  // Page 2.
  await page.locator('.list-pagination').getByTitle('2').click();
  await expect(page.locator('.list-pagination')).toContainText(/11-20 共\d+条/);

  // Edit the new record.
  await search(page, NAME);
  await rows(page).first().getByText('编辑').click();
  const amount = field(page, '捐赠金额');
  await expect(amount).toHaveValue('88.88');
  await amount.fill('99.50');
  await page
    .locator('.ant-modal')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('编辑成功!')).toBeVisible();
  await expect(rows(page).first()).toContainText('99.50');

  // View.
  await rows(page).first().getByText('详情').click();
  await expect(page.getByTestId('detail-view')).toContainText(NAME);
  await expect(page.getByTestId('detail-view')).toContainText('已支付');
  await shot(page, 'donation-record-detail', { settle: 500 });
  await page.locator('.ant-drawer-content-wrapper:visible .ant-drawer-close').click();

  // Export the filtered list, delete the record, import the file back.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: /导\s*出/ }).click();
  const download = await downloadPromise;
  const file = await download.path();
  expect(readFileSync(file!).subarray(0, 2).toString()).toBe('PK');

  await rows(page).first().getByText('删除').click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('删除成功!')).toBeVisible();
  await expect(page.locator('.data-table-empty')).toBeVisible();

  await page.getByTestId('import-input').setInputFiles(file!);
  await expect(page.getByText(/导入成功/)).toBeVisible();
  await search(page, NAME);
  await expect(rows(page)).toHaveCount(1);
});

test('batch delete removes the selected records', async ({ page, request }) => {
  await signIn(page, 'admin', { open: false });
  await openRecords(page);
  const token = (await storedToken(page))!;
  const activities = await (await request.get(`${API}/donation/activity/list?pageSize=1`, { headers: { 'X-Access-Token': token } })).json();
  const activityId = activities.result.records[0].id;
  for (const n of [1, 2]) {
    const res = await request.post(`${API}/donation/record/add`, {
      headers: { 'X-Access-Token': token },
      data: { donorType: '1', donorName: `批量删除${n}`, activityId, amount: 10, payMethod: '1', payStatus: '1' },
    });
    expect(res.status()).toBe(200);
  }
  await search(page, '批量删除');
  await expect(rows(page)).toHaveCount(2);
  await page.getByLabel('全选').check();
  await expect(page.getByText('已选择')).toContainText('2');
  await page.getByRole('button', { name: /批量删除/ }).click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('批量删除成功!')).toBeVisible();
  await expect(page.locator('.data-table-empty')).toBeVisible();
});

test('a user without the edit permission sees no edit button and the server refuses edit', async ({ page, request }) => {
  await signIn(page, 'wangfang', { open: false });
  await openRecords(page);
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /新\s*增/ })).toHaveCount(0);
  await expect(rows(page).first().getByText('编辑')).toHaveCount(0);
  await expect(rows(page).first().getByText('详情')).toBeVisible();
  // Without the view-sensitive permission phone numbers are masked.
  await expect(rows(page).first().locator('td').nth(3)).toHaveText(/^1\d{2}\*{4}\d{4}$/);
  await shot(page, 'donation-record-readonly-user');
  const token = (await storedToken(page))!;
  const list = await (await request.get(`${API}/donation/record/list?pageSize=1`, { headers: { 'X-Access-Token': token } })).json();
  const record = list.result.records[0];
  const res = await request.put(`${API}/donation/record/edit`, { headers: { 'X-Access-Token': token }, data: { id: record.id, amount: 1 } });
  expect(res.status()).toBe(403);
  expect((await res.json()).success).toBe(false);
});

test('高级查询 finds records by conditions on any field, all together or any one', async ({ page, request }) => {
  await signIn(page, 'admin', { open: false });
  await openRecords(page);
  const token = (await storedToken(page))!;
  const activities = await (await request.get(`${API}/donation/activity/list?pageSize=1`, { headers: { 'X-Access-Token': token } })).json();
  for (const [name, amount] of [
    ['高级查询甲', 50],
    ['高级查询乙', 150],
    ['高级查询丙', 300],
  ] as const) {
    const res = await request.post(`${API}/donation/record/add`, {
      headers: { 'X-Access-Token': token },
      data: { donorType: '1', donorName: name, activityId: activities.result.records[0].id, amount, payMethod: '1', payStatus: '1' },
    });
    expect(res.status()).toBe(200);
  }
  const dialog = page.getByRole('dialog', { name: '高级查询' });
  const choose = async (row: number, column: number, option: string) => {
    await expect(async () => {
      await dialog.getByTestId('super-query-row').nth(row).locator('.ant-select').nth(column).click();
      // The field list is long (a virtual list): type to bring the field into view.
      if (column === 0) await page.keyboard.type(option);
      const choice = page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: new RegExp(`^${option}$`) })
        .first();
      await choice.waitFor({ timeout: 2000 });
      await choice.click();
      await expect(dialog.getByTestId('super-query-row').nth(row).locator('.ant-select').nth(column)).toContainText(option, { timeout: 2000 });
    }).toPass({ timeout: 15_000 });
  };

  await page.getByTestId('super-query').click();
  await choose(0, 0, '捐赠人姓名');
  await choose(0, 1, '包含');
  await dialog.getByTestId('super-query-row').nth(0).locator('input.ant-input').fill('高级查询');
  await dialog.getByRole('button', { name: /新增条件/ }).click();
  await choose(1, 0, '捐赠金额');
  await choose(1, 1, '大于等于');
  await dialog.getByTestId('super-query-row').nth(1).locator('input.ant-input').fill('100');
  await shot(page, 'super-query-dialog');
  await dialog.getByRole('button', { name: /查\s*询/ }).click();
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).filter({ hasText: '高级查询甲' })).toHaveCount(0);
  await expect(page.getByTestId('super-query').locator('..')).toContainText('2');

  // Any one: the second condition alone would also let 甲 in when it is only 捐赠人.
  await page.getByTestId('super-query').click();
  await dialog.getByText('任一条件满足').click();
  await dialog.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.locator('.list-pagination')).not.toContainText('共2条');
  await expect(rows(page).filter({ hasText: '高级查询甲' })).toHaveCount(1);

  await page.getByTestId('super-query').click();
  await dialog.getByRole('button', { name: /重\s*置/ }).click();
  await expect(page.locator('.list-pagination')).toContainText(/共[1-9]\d*条/);
});
