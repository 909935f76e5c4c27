import { expect, test } from './fixtures.ts';
import { shot, signIn, storedToken } from './helpers.ts';
import { API, input, item, openList, operate, rows, save } from './schema-helpers.ts';

/*
 * 在线开发 › 图表配置: the admin defines a chart over 捐赠活动's fields — a column it does not have is
 * refused with the rule's message — tests it, publishes it to a menu entry showing it as tabs of charts
 * and a data table; the home dashboard shows the demo charts marked 首页展示 as blocks.
 */

test('admin defines a chart over a screen’s fields, tests it and publishes it to the menu', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  await openList(page, 'online/graph_report');
  await expect(rows(page).filter({ hasText: 'graph_activity_funds' })).toHaveCount(1);

  await page.getByRole('button', { name: /新\s*增/ }).click();
  await input(page, '图表编码').fill('graph_e2e_categories');
  await input(page, '图表名称').fill('各类别目标金额');
  await item(page, '数据来源').getByText('表单数据').click();
  await input(page, '来源编码').fill('donation/activity');
  await input(page, '维度字段').fill('category');
  await input(page, '数值字段').fill('activity_name');
  await item(page, '图表类型').getByText('饼图').click();
  await save(page, '图表字段【活动名称】不是数值，不能求和');

  await input(page, '数值字段').fill('target_amount');
  await shot(page, 'graph-report-config-form');
  await save(page, '添加成功！');
  await expect(page.locator('.ant-modal:visible')).toHaveCount(0);

  const row = rows(page).filter({ hasText: 'graph_e2e_categories' });
  await expect(row).toContainText('各类别目标金额');
  await operate(page, row, '测试', /^测试成功，共\d+组，系列: 目标金额$/);

  await operate(page, row, '发布', '发布成功，菜单地址: /online/graphreport/chart/graph_e2e_categories', { confirm: true });
  await page.reload();
  await page.getByTestId('side-menu').getByText('各类别目标金额').click();
  const screen = page.getByTestId('graph-report-graph_e2e_categories');
  await expect(screen).toContainText('各类别目标金额');
  // One tab per chart type chosen: 柱状图 (first, drawn), 饼图 and 数据表格.
  await expect(screen.getByRole('tab')).toHaveText(['柱状图', '饼图', '数据表格']);
  await expect(screen.getByTestId('graph-graph_e2e_categories-bar').locator('canvas')).toBeVisible();
  await screen.getByRole('tab', { name: '饼图' }).click();
  await expect(screen.getByTestId('graph-graph_e2e_categories-pie').locator('canvas')).toBeVisible();
  await shot(page, 'graph-report-published');
  await screen.getByRole('tab', { name: '数据表格' }).click();
  const table = screen.getByTestId('graph-graph_e2e_categories-table');
  await expect(table.locator('thead')).toContainText('活动类别');
  await expect(table.locator('thead')).toContainText('目标金额');
  // Categories read as their dictionary texts, not codes.
  await expect(table.locator('tbody tr').first().locator('td').first()).not.toHaveText(/^\d+$/);

  // Over a screen, the screen's own query items filter the rows before grouping: one activity, one category.
  const headers = { 'X-Access-Token': (await storedToken(page))! };
  const activities = await (await page.request.get(`${API}/donation/activity/list?pageSize=1&column=activityName&order=asc`, { headers })).json();
  await screen.getByTestId('query-bar').getByPlaceholder('请输入活动名称').fill(activities.result.records[0].activityName);
  await screen
    .getByTestId('query-bar')
    .getByRole('button', { name: /查\s*询/ })
    .click();
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr').first()).toContainText(activities.result.records[0].category_dictText);
});

test('a published chart over a report filters its groups by the report’s query items', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  const headers = { 'X-Access-Token': (await storedToken(page))! };
  const list = await (await page.request.get(`${API}/online/graph_report/list?code=graph_activity_funds`, { headers })).json();
  const published = await page.request.post(`${API}/online/graph_report/operation/publish?id=${list.result.records[0].id}`, { headers, data: {} });
  expect((await published.json()).success).toBe(true);
  const activities = await (await page.request.get(`${API}/donation/activity/list?pageSize=1&column=activityName&order=asc`, { headers })).json();
  const name = activities.result.records[0].activityName as string;

  await page.goto('/#/online/graphreport/chart/graph_activity_funds');
  const screen = page.getByTestId('graph-report-graph_activity_funds');
  await screen.getByRole('tab', { name: '数据表格' }).click();
  const table = screen.getByTestId('graph-graph_activity_funds-table');
  await expect(table.locator('tbody tr').nth(1)).toBeVisible();
  await screen.getByTestId('query-bar').getByPlaceholder('请输入活动名称').fill(name);
  await screen
    .getByTestId('query-bar')
    .getByRole('button', { name: /查\s*询/ })
    .click();
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr').first()).toContainText(name);
  await shot(page, 'graph-report-query');
});

test('the dashboard shows the charts marked for it as blocks', async ({ page }) => {
  await signIn(page, 'admin');
  const blocks = page.getByTestId('dashboard-graphs');
  await expect(blocks.getByTestId('dashboard-graph-graph_activity_funds')).toContainText('活动筹款进度');
  await expect(blocks.getByTestId('graph-graph_activity_funds-bar').locator('canvas')).toBeVisible();
  const payMethods = blocks.getByTestId('dashboard-graph-graph_donation_pay_method');
  await expect(payMethods.getByTestId('graph-graph_donation_pay_method-pie').locator('canvas')).toBeVisible();
  await payMethods.getByRole('tab', { name: '数据表格' }).click();
  await expect(payMethods.getByTestId('graph-graph_donation_pay_method-table')).toContainText('微信支付');
  await blocks.scrollIntoViewIfNeeded();
  await shot(page, 'dashboard-graph-blocks');
});
