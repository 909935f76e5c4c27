import { type APIRequestContext, expect, type Page, test } from './fixtures.ts';
import { ADMIN_PASSWORD, shot, signIn } from './helpers.ts';
import { rows } from './schema-helpers.ts';

/*
 * Department data rules reach every screen that reads donation records (issue #14): a user whose role
 * limits 捐赠记录 to their own department (本部门: sys_org_code = #{sys_org_code}) sees only that
 * department's donations in the record list, in the dashboard's figures and in 捐赠报表 — the report is a
 * menu of its own, but it reads the records through the record screen's data rules — while the admin
 * sees both departments' donations. The role, rule, department, user and donations are made through the
 * API; what is asserted is what each user sees on screen.
 */
const API = '/hope-boot';
const USER = 'e2e_scope';
const PASSWORD = 'Scope#2026e2e';
const ACTIVITY = '部门范围测试活动';
const INSIDE = { donor: '范围内捐赠人', amount: 8765.43 };
const OUTSIDE = { donor: '范围外捐赠人', amount: 1234.5 };

const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const pad = (n: number) => String(n).padStart(2, '0');

async function call<T = any>(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const r = await request.fetch(`${API}${path}`, { method, headers: { 'X-Access-Token': token }, data });
  const body = await r.json();
  expect(body.success, `${method} ${path}: ${body.message}`).toBe(true);
  return body.result;
}

async function tokenOf(request: APIRequestContext, username: string, password: string): Promise<string> {
  const body = await (await request.post(`${API}/sys/login`, { data: { username, password } })).json();
  expect(body.success, `${username} signs in: ${body.message}`).toBe(true);
  return body.result.token;
}

type Node = { key: string; title: string; children?: Node[] };
const findNode = (nodes: Node[], title: string): Node | undefined => {
  for (const n of nodes) {
    const found = n.title === title ? n : findNode(n.children ?? [], title);
    if (found) return found;
  }
  return undefined;
};

/** The big figure of a dashboard card (stat-amount, stat-count, stat-donors) or of a report total (report-total-amount …). */
const stat = (page: Page, id: string) => page.getByTestId(id).locator('.ant-statistic-content');

async function openRecords(page: Page) {
  await page.goto('/#/donation/record');
  await expect(page.getByTestId('list-donation/record')).toBeVisible();
  await expect(page.locator('.list-pagination')).toContainText(/共[1-9]\d*条/);
}

async function openReport(page: Page) {
  await page.goto('/#/donation/record/report/summary');
  await expect(page.getByTestId('report-page')).toBeVisible();
  await expect(page.getByTestId('report-group-activity')).toBeVisible();
}

const activityRows = (page: Page) => page.getByTestId('report-group-activity').locator('tbody tr');

test('a user limited to their department sees only its donations in the list, the dashboard and 捐赠报表; the admin sees all', async ({ page }) => {
  const { request } = page;
  const admin = await tokenOf(request, 'admin', ADMIN_PASSWORD);
  const adminBefore = (await call(request, admin, 'GET', '/dashboard/analysis')).donations;

  // 本部门 on the 捐赠记录 menu entry; a role holding the list (with 添加), 捐赠报表 and that rule.
  const tree: Node[] = (await call(request, admin, 'GET', '/sys/permission/queryTreeList')).treeList;
  const area = findNode(tree, '捐赠管理')!;
  const records = findNode(area.children!, '捐赠记录')!;
  const report = findNode(area.children!, '捐赠报表')!;
  const add = records.children!.find((c) => c.title === '添加')!;
  const rule = await call(request, admin, 'POST', '/sys/permission/addPermissionRule', {
    permissionId: records.key,
    ruleName: '本部门',
    ruleColumn: 'sys_org_code',
    ruleConditions: '=',
    ruleValue: '#{sys_org_code}',
  });
  const role = await call(request, admin, 'POST', '/system/role/add', {
    roleName: 'E2E本部门捐赠',
    roleCode: 'e2e_dept_scope',
    permissions: [area.key, records.key, add.key, report.key, `rule:${rule.id}`].join(','),
  });

  // A department of its own (no demo donations), and its user.
  const departs: Node[] = await call(request, admin, 'GET', '/sys/sysDepart/queryTreeList');
  const foundation = findNode(departs, '希望工程基金会')!;
  const depart = await call(request, admin, 'POST', '/system/depart/add', {
    departName: '募捐二部',
    parentId: foundation.key,
    orgCode: 'A01A02E2E',
    orgCategory: '2',
    status: '1',
  });
  await call(request, admin, 'POST', '/sys/user/add', {
    username: USER,
    realname: '范围测试员',
    password: PASSWORD,
    selectedroles: [role.id],
    selecteddeparts: [depart.id],
  });

  // Two paid donations to one new activity this month: one recorded by the user, one by the admin (the foundation).
  const activity = await call(request, admin, 'POST', '/donation/activity/add', { activityName: ACTIVITY, category: '1' });
  const now = new Date();
  const payTime = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} 00:00:01`;
  const donation = (d: typeof INSIDE) => ({
    donorType: '1',
    donorName: d.donor,
    activityId: activity.id,
    amount: d.amount,
    payMethod: '1',
    payStatus: '2',
    payTime,
  });
  const user = await tokenOf(request, USER, PASSWORD);
  await call(request, user, 'POST', '/donation/record/add', donation(INSIDE));
  await call(request, admin, 'POST', '/donation/record/add', donation(OUTSIDE));

  // The restricted user. Dashboard: only their donation in this year's figures.
  await signIn(page, USER, { password: PASSWORD });
  await expect(stat(page, 'stat-amount')).toHaveText(money(INSIDE.amount));
  await expect(stat(page, 'stat-count')).toHaveText('1');
  await expect(stat(page, 'stat-donors')).toHaveText('1');
  await expect(page.getByTestId('stat-amount')).toContainText(`本月 ${money(INSIDE.amount)}`);
  await shot(page, 'department-scope-dashboard', { fullPage: true, settle: 800 });

  // 捐赠记录: their row only.
  await openRecords(page);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(INSIDE.donor);
  await expect(page.locator('.list-pagination')).toContainText('共1条');
  await shot(page, 'department-scope-records', { fullPage: true });

  // 捐赠报表 for this year: totals and groups of their donation only.
  await openReport(page);
  await expect(stat(page, 'report-total-amount')).toHaveText(money(INSIDE.amount));
  await expect(stat(page, 'report-total-count')).toHaveText('1');
  await expect(activityRows(page)).toHaveCount(1);
  await expect(activityRows(page).first()).toContainText(ACTIVITY);
  await expect(activityRows(page).first()).toContainText(money(INSIDE.amount));
  await shot(page, 'department-scope-report', { fullPage: true, settle: 800 });

  // The admin: both donations, in the dashboard's figures, the list and the report.
  await signIn(page, 'admin');
  await expect(stat(page, 'stat-amount')).toHaveText(money(adminBefore.amount + INSIDE.amount + OUTSIDE.amount));
  await expect(stat(page, 'stat-count')).toHaveText(String(adminBefore.count + 2));

  // (Their list through the API: the list screen itself is covered by schema-donation.spec.ts.)
  const adminRows: { donorName: string }[] = (await call(request, admin, 'GET', `/donation/record/list?activityId=${activity.id}`)).records;
  expect(adminRows.map((r) => r.donorName).sort()).toEqual([INSIDE.donor, OUTSIDE.donor].sort());

  await openReport(page);
  const ours = activityRows(page).filter({ hasText: ACTIVITY });
  await expect(ours).toHaveCount(1);
  await expect(ours).toContainText(money(INSIDE.amount + OUTSIDE.amount));
  expect(await activityRows(page).count()).toBeGreaterThan(1);
});
