import { expect, type Page, test } from './fixtures.ts';
import { expectDashboard, shot, signIn, storedToken } from './helpers.ts';

/*
 * The home page's donation figures come from the report's maintained summary: a paid donation added
 * (and then refunded) shows in the figures at once, equal to what the API reports.
 */
const API = '/hope-boot';
const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

async function call(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) {
  const token = (await storedToken(page)) ?? '';
  const r = await page.request.fetch(`${API}/${path}`, { method, headers: { 'X-Access-Token': token }, data: body });
  const json = await r.json();
  expect(json.success, JSON.stringify(json)).toBe(true);
  return json.result;
}

test('a paid donation and its refund show in the dashboard figures at once', async ({ page }) => {
  await signIn(page, 'admin');
  const before = (await call(page, 'GET', 'dashboard/analysis')).donations;
  const { records } = await call(page, 'GET', 'donation/activity/list?pageNo=1&pageSize=1');
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  const payTime = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} 00:00:01`;
  const added = await call(page, 'POST', 'donation/record/add', {
    donorType: '1',
    donorName: '汇总测试人',
    activityId: records[0].id,
    amount: 1234.56,
    payMethod: '1',
    payStatus: '2',
    payTime: payTime,
  });

  await page.reload();
  await expectDashboard(page);
  const after = (await call(page, 'GET', 'dashboard/analysis')).donations;
  expect(after.count).toBe(before.count + 1);
  expect(Math.round((after.amount - before.amount) * 100) / 100).toBe(1234.56);
  await expect(page.getByTestId('stat-amount')).toContainText(money(after.amount));
  await expect(page.getByTestId('stat-count')).toContainText(String(after.count));
  await shot(page, 'dashboard-after-add', { fullPage: true, settle: 800 });

  await call(page, 'PUT', 'donation/record/edit', { id: added.id, payStatus: '3' });
  await page.reload();
  await expectDashboard(page);
  await expect(page.getByTestId('stat-count')).toContainText(String(before.count));
  await expect(page.getByTestId('stat-amount')).toContainText(money(before.amount));
});
