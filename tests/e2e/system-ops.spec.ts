import { expect, type Page, test } from './fixtures.ts';
import { shot, signIn, storedToken } from './helpers.ts';
import { API, input as field, pickOption, rows } from './schema-helpers.ts';

/*
 * System operations screens (schemas/system/*): a scheduled job created, run once and its run log seen;
 * a dictionary deleted, found in the recycle bin and restored; a record's change history shown as a
 * side-by-side diff; the logs, address list, data sources, fill rules and check rules screens.
 */

test.describe.configure({ mode: 'serial' });

async function open(page: Page, code: string) {
  await page.goto(`/#/${code}`);
  await expect(page.getByTestId(`list-${code}`)).toBeVisible();
  await expect(page.locator('.list-pagination')).toContainText('共');
}

async function confirmModal(page: Page) {
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'admin', { open: false });
});

test('a scheduled job is created, run once, its run log seen, started and paused', async ({ page }) => {
  await open(page, 'system/job');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await field(page, '任务名称').fill('E2E示例任务');
  await field(page, 'Cron表达式').fill('not a cron');
  await pickOption(page, '任务处理器', '示例任务（写一条日志）');
  await field(page, '参数').fill('来自端到端测试');
  await page
    .locator('.ant-modal')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText(/Cron表达式不正确/).first()).toBeVisible();
  await field(page, 'Cron表达式').fill('0 0 3 * * *');
  await page
    .locator('.ant-modal')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.locator('.ant-modal-content')).toHaveCount(0);

  const row = rows(page).filter({ hasText: 'E2E示例任务' });
  await expect(row).toContainText('已暂停');
  await row.getByTestId('op-execute').click();
  await confirmModal(page);
  await expect(page.getByText('执行成功：示例任务执行完成：来自端到端测试')).toBeVisible();

  await row.getByTestId('op-start').click();
  await confirmModal(page);
  await expect(row).toContainText('运行中');
  await shot(page, 'system-job-list', { fullPage: true });

  await row.getByText('详情').click();
  const drawer = page.locator('.ant-drawer-open');
  await expect(drawer).toContainText('执行日志');
  await expect(drawer).toContainText('示例任务执行完成：来自端到端测试');
  await expect(drawer).toContainText('成功');
  await shot(page, 'system-job-detail-log', { fullPage: true });
  await drawer.locator('.ant-drawer-close').click();

  await row.getByTestId('op-pause').click();
  await confirmModal(page);
  await expect(row).toContainText('已暂停');
});

test('a deleted dictionary is listed in the recycle bin and restored', async ({ page }) => {
  await open(page, 'sys/dict');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await field(page, '字典名称').fill('E2E回收字典');
  await field(page, '字典编码').fill('e2e_recycle');
  await page
    .locator('.ant-modal')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.locator('.ant-modal-content')).toHaveCount(0);

  const bar = page.getByTestId('query-bar');
  await bar.getByPlaceholder('请输入字典编码').fill('e2e_recycle');
  await bar.getByRole('button', { name: /查\s*询/ }).click();
  const row = rows(page).filter({ hasText: 'E2E回收字典' });
  await row.getByText('删除').click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(rows(page).filter({ hasText: 'E2E回收字典' })).toHaveCount(0);

  await page.getByRole('button', { name: /回收站/ }).click();
  const bin = page.getByTestId('recycle-bin');
  await expect(bin).toContainText('E2E回收字典');
  await shot(page, 'system-dict-recycle', { fullPage: true });
  await bin.locator('tr', { hasText: 'E2E回收字典' }).getByText('还原').click();
  await expect(page.getByText('还原成功!')).toBeVisible();
  await expect(bin).not.toContainText('E2E回收字典');
  await page.locator('.ant-modal-close').click();
  await expect(rows(page).filter({ hasText: 'E2E回收字典' })).toHaveCount(1);
});

test('刷新缓存 takes the dictionaries anew, without signing in again', async ({ page }) => {
  const cachedCodes = () => page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem('pro__UI_CACHE_DB_DICT_DATA') ?? '{"value":{}}').value ?? {}));
  const token = (await storedToken(page))!;
  await open(page, 'sys/dict');
  // A dictionary added after signing in: the client's dictionaries do not have it yet.
  const added = await page.request.post(`${API}/sys/dict/add`, {
    headers: { 'X-Access-Token': token },
    data: { dictName: 'E2E刷新字典', dictCode: 'e2e_refresh', items: [{ itemText: '刷新项', itemValue: '1', sortOrder: 1, status: 1 }] },
  });
  expect((await added.json()).success).toBe(true);
  expect(await cachedCodes()).not.toContain('e2e_refresh');
  await page.getByTestId('call-refreshCache').click();
  await expect(page.locator('.ant-message')).toContainText('刷新缓存完成！');
  expect(await cachedCodes()).toContain('e2e_refresh');
  await shot(page, 'system-dict-refresh-cache');
});

test("the data log shows a record's change as a side-by-side diff", async ({ page }) => {
  await open(page, 'system/data_log');
  const bar = page.getByTestId('query-bar');
  await bar.getByPlaceholder('请输入表名').fill('quartz_job');
  await bar.getByRole('button', { name: /查\s*询/ }).click();
  // The table is named by its title, not its SQL name.
  await expect(rows(page).first()).toContainText('定时任务');
  // The newest entry of the job is the pause (status 1 → 0).
  await rows(page).filter({ hasText: '编辑' }).first().getByText('详情').click();
  const diff = page.getByTestId('data-diff');
  await expect(diff).toContainText('处变化');
  await expect(diff.locator('tr', { hasText: 'status' })).toBeVisible();
  await shot(page, 'system-data-log-diff', { fullPage: true });
});

test('logs, address list, data sources, fill rules and check rules screens', async ({ page }) => {
  await open(page, 'system/log');
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByTestId('data-table')).toContainText('登录日志');
  await shot(page, 'system-log', { fullPage: true });

  await open(page, 'system/address_list');
  await expect(page.getByTestId('data-table')).toContainText('王芳');
  await expect(page.getByRole('button', { name: /新\s*增/ })).toHaveCount(0);
  await shot(page, 'system-address-list', { fullPage: true });

  await open(page, 'system/data_source');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await field(page, '数据源编码').fill('e2e_ds');
  await field(page, '数据源名称').fill('E2E数据源');
  await field(page, '数据源地址').fill('postgres://127.0.0.1:1/none');
  await field(page, '密码').fill('secret-pass');
  await page
    .locator('.ant-modal')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.locator('.ant-modal-content')).toHaveCount(0);
  const ds = rows(page).filter({ hasText: 'E2E数据源' });
  await ds.getByTestId('op-testConnection').click();
  await expect(page.getByText(/数据库连接失败/)).toBeVisible();
  await shot(page, 'system-data-source', { fullPage: true });

  await open(page, 'system/fill_rule');
  await shot(page, 'system-fill-rule', { fullPage: true });
  await open(page, 'system/check_rule');
  await shot(page, 'system-check-rule', { fullPage: true });
});
