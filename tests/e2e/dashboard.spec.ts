import { readFileSync } from 'node:fs';
import { expect, type Page, test } from './fixtures.ts';
import { expectDashboard, shot, signIn, storedToken } from './helpers.ts';

/*
 * The analysis dashboard (home page) and 捐赠报表 on the demo data: figures equal what the API computes,
 * charts are drawn, a pending count opens its list, a report for a chosen range exports an xlsx.
 */
const API = '/hope-boot';

async function apiGet(page: Page, path: string) {
  const token = await storedToken(page);
  const r = await page.request.get(`${API}/${path}`, { headers: { 'X-Access-Token': token ?? '' } });
  expect(r.ok()).toBe(true);
  return (await r.json()).result;
}

const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test.describe('analysis dashboard', () => {
  test('shows this year’s figures and the charts, and a pending count opens its list', async ({ page }) => {
    await signIn(page, 'admin');
    const figures = await apiGet(page, 'dashboard/analysis');
    expect(figures.donations.count).toBeGreaterThan(0);

    await expect(page.getByTestId('stat-amount')).toContainText(money(figures.donations.amount));
    await expect(page.getByTestId('stat-count')).toContainText(String(figures.donations.count));
    await expect(page.getByTestId('stat-donors')).toContainText(String(figures.donations.donors));
    await expect(page.getByTestId('stat-visits')).toContainText(`总访问量 ${figures.loginInfo.totalVisitCount}`);
    for (const chart of ['chart-by-month', 'chart-by-pay-method', 'chart-by-activity', 'chart-visits']) {
      await expect(page.getByTestId(chart).locator('canvas').first()).toBeVisible();
    }
    if (figures.projects) await expect(page.getByTestId('chart-projects')).toBeVisible();
    await shot(page, 'dashboard-admin', { fullPage: true, settle: 800 });

    for (const item of figures.pending) await expect(page.getByTestId(`pending-${item.key}`)).toContainText(item.title);
    const linked = figures.pending.find((p: { path: string | null }) => p.path);
    expect(linked, 'at least one pending list exists').toBeTruthy();
    await expect(page.getByTestId(`pending-${linked.key}`)).toContainText(String(linked.count));
    await page.getByTestId(`pending-${linked.key}`).click();
    await expect(page).toHaveURL(new RegExp(`#${linked.path}$`));
    await expect(page.getByTestId(`list-${linked.path.slice(1)}`)).toBeVisible();
    await expect(page.locator('.list-pagination')).toContainText(/共[1-9]\d*条/);
    await shot(page, 'dashboard-pending-list');
  });
});

test.describe('捐赠报表', () => {
  test('a report for a chosen range shows the API’s totals and charts, and exports an xlsx', async ({ page }) => {
    await signIn(page, 'zhangwei');
    await expect(page.locator('.ant-layout-sider')).toContainText('捐赠管理');
    await page.goto('/#/donation/record/report/summary');
    await expect(page.getByTestId('report-page')).toBeVisible();
    await expect(page.getByTestId('report-group-month')).toBeVisible();

    const year = new Date().getFullYear() - 1;
    const range = page.getByTestId('report-range');
    await range.locator('input').first().click();
    await range.locator('input').first().fill(`${year}-01-01`);
    await range.locator('input').first().press('Enter');
    await range.locator('input').nth(1).fill(`${year}-12-31`);
    await range.locator('input').nth(1).press('Enter');
    await page.getByRole('button', { name: /查\s*询/ }).click();

    const expected = await apiGet(page, `donation/record/report/summary?begin=${year}-01-01&end=${year}-12-31`);
    expect(expected.totals.count).toBeGreaterThan(0);
    await expect(page.locator('.report-page')).toContainText(`${year}-01-01 至 ${year}-12-31`);
    await expect(page.getByTestId('report-total-amount')).toContainText(money(expected.totals.amount));
    await expect(page.getByTestId('report-total-count')).toContainText(String(expected.totals.count));
    for (const key of ['month', 'activity', 'team', 'payMethod', 'donorType'])
      await expect(page.getByTestId(`report-chart-${key}`).locator('canvas').first()).toBeVisible();
    await expect(page.getByTestId('report-group-month').locator('tbody tr')).toHaveCount(12);
    await shot(page, 'donation-report', { fullPage: true, settle: 800 });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导\s*出/ }).click()]);
    expect(download.suggestedFilename()).toBe(`捐赠报表_${year}-01-01_${year}-12-31.xlsx`);
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
  });

  test('the guest, without the report menu, is refused by the server', async ({ page }) => {
    await page.goto('/#/dashboard/analysis');
    await expectDashboard(page);
    const token = await storedToken(page);
    const r = await page.request.get(`${API}/donation/record/report/summary?begin=2025-01-01&end=2025-12-31`, { headers: { 'X-Access-Token': token ?? '' } });
    expect(r.status()).toBe(403);
    await shot(page, 'dashboard-guest', { fullPage: true });
  });
});
