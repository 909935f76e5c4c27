import { type APIRequestContext, expect, type Page, test } from './fixtures.ts';
import { ADMIN_PASSWORD, shot, signIn, storedToken } from './helpers.ts';

/*
 * System management end to end (issue #6): the admin adds a department-only data rule to 捐赠活动,
 * creates a role holding a few menus and buttons and that rule, and a user of 募捐部 with the role.
 * The user sees only those menus and buttons and only their department's activities, gets 403 from the
 * server for an action they lack, and is refused at their next request once the admin freezes them.
 */
const API = '/hope-boot';
const ROLE = 'E2E部门募捐员';
const USER = 'e2e_dept';
const PASSWORD = 'Dept#2026e2e';

async function apiToken(request: APIRequestContext, username: string, password = ADMIN_PASSWORD): Promise<string> {
  const r = await request.post(`${API}/sys/login`, { data: { username, password } });
  const body = await r.json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.result.token;
}

const apiGet = async (request: APIRequestContext, token: string, path: string) =>
  (await request.get(`${API}${path}`, { headers: { 'X-Access-Token': token } })).json();

async function openList(page: Page, code: string) {
  await page.goto(`/#/${code}`);
  await expect(page.getByTestId(`list-${code}`)).toBeVisible();
  await expect(page.locator('.list-pagination')).toContainText('共');
}

const rows = (page: Page) => page.getByTestId('data-table').locator('tbody tr');
const container = (page: Page) => page.locator('.ant-modal:visible, .ant-drawer-content-wrapper:visible').last();
const item = (page: Page, label: string) =>
  container(page)
    .locator('.ant-formily-item')
    .filter({ has: page.locator('.ant-formily-item-label-content label', { hasText: new RegExp(`^${label}$`) }) });
const field = (page: Page, label: string) => item(page, label).locator('input').first();

async function pickOption(page: Page, label: string, option: string) {
  const select = item(page, label);
  await expect(async () => {
    await select.locator('.ant-select-selector').click();
    const choice = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first();
    await choice.waitFor({ timeout: 2000 });
    await choice.click();
    await expect(select.locator('.ant-select-selection-item').filter({ hasText: option })).toHaveCount(1, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  // A multiple select keeps its dropdown open: a click on the form's title closes it (Escape would close the form).
  await container(page).locator('.ant-modal-title, .ant-drawer-title').first().click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

async function search(page: Page, placeholder: string, value: string) {
  const bar = page.getByTestId('query-bar');
  await bar.getByPlaceholder(placeholder).fill(value);
  await bar.getByRole('button', { name: /查\s*询/ }).click();
}

const save = (page: Page) =>
  container(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();

test.describe.configure({ mode: 'serial' });

let activityMenuId = '';

test('admin adds a department-only data rule to 捐赠活动 on the menu screen', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  await openList(page, 'system/permission');
  // A tree: top-level entries first; 系统管理 opens onto its screens.
  const systemRow = rows(page)
    .filter({ has: page.locator('td', { hasText: /^系统管理$/ }) })
    .first();
  await expect(rows(page).filter({ hasText: '用户管理' })).toHaveCount(0);
  await systemRow.getByRole('button', { name: '展开' }).click();
  await expect(rows(page).filter({ hasText: 'schema/system/user' })).toHaveCount(1);
  await shot(page, 'system-permission-list', { fullPage: true });
  await search(page, '请输入菜单名称', '捐赠活动');
  await expect(rows(page)).toHaveCount(1);
  await rows(page).first().getByText('编辑').click();
  await expect(field(page, '菜单名称')).toHaveValue('捐赠活动');

  // The sub-table of data rules: one row, own department only.
  await container(page).getByRole('button', { name: '新增一行' }).click();
  const row = container(page).locator('.ant-formily-array-table tr.ant-table-row').first();
  const cells = row.locator('input');
  await cells.nth(0).fill('本部门');
  await cells.nth(1).fill('sys_org_code');
  await row.locator('.ant-select-selector').first().click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: /^等于$/ })
    .click();
  await cells.nth(3).fill('#{sys_org_code}');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await shot(page, 'system-permission-form');
  await save(page);
  await expect(page.getByText('编辑成功!')).toBeVisible();

  const token = (await storedToken(page))!;
  const list = await apiGet(page.request, token, '/system/permission/list?name=捐赠活动');
  activityMenuId = list.result.records[0].id;
  const rules = await apiGet(page.request, token, `/sys/permission/getPermRuleListByPermId?permissionId=${activityMenuId}`);
  expect(rules.result).toEqual([
    expect.objectContaining({ ruleName: '本部门', ruleColumn: 'sys_org_code', ruleConditions: '=', ruleValue: '#{sys_org_code}' }),
  ]);
});

test('admin creates a role with menus, buttons and the data rule, and a user of 募捐部 with that role', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  const token = (await storedToken(page))!;
  const tree = (await apiGet(page.request, token, '/sys/permission/queryTreeList')).result.treeList;
  type Node = { key: string; title: string; kind: number | string; children?: Node[] };
  const find = (nodes: Node[], title: string): Node => {
    for (const n of nodes) {
      if (n.title === title) return n;
      const inner = n.children && findOrNull(n.children, title);
      if (inner) return inner;
    }
    throw new Error(`no node ${title}`);
  };
  const findOrNull = (nodes: Node[], title: string): Node | null => {
    try {
      return find(nodes, title);
    } catch {
      return null;
    }
  };
  const donation = find(tree, '捐赠管理');
  const activity = find(donation.children!, '捐赠活动');
  const add = activity.children!.find((c) => c.title === '添加')!;
  const detail = activity.children!.find((c) => c.title === '详情')!;
  const rule = activity.children!.find((c) => c.kind === 'rule')!;
  expect(rule.title).toBe('数据规则：本部门');

  await openList(page, 'system/role');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await field(page, '角色名称').fill(ROLE);
  await field(page, '角色编码').fill('e2e_dept_fund');
  const tree$ = container(page).locator('.permission-tree');
  await expect(tree$.locator(`[data-permission-key="${activity.key}"]`)).toBeVisible();
  for (const key of [donation.key, activity.key, add.key, detail.key, rule.key]) {
    await tree$
      .locator('.ant-tree-treenode')
      .filter({ has: page.locator(`[data-permission-key="${key}"]`) })
      .locator('.ant-tree-checkbox')
      .first()
      .click();
  }
  await tree$.locator(`[data-permission-key="${rule.key}"]`).scrollIntoViewIfNeeded();
  await shot(page, 'system-role-form');
  await save(page);
  await expect(page.getByText('添加成功！')).toBeVisible();
  await search(page, '请输入角色名称', ROLE);
  await expect(rows(page)).toHaveCount(1);
  await shot(page, 'system-role-list', { fullPage: true });

  await openList(page, 'system/user');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await field(page, '用户账号').fill(USER);
  await field(page, '登录密码').fill(PASSWORD);
  await field(page, '用户姓名').fill('部门测试员');
  await pickOption(page, '角色分配', ROLE);
  await pickOption(page, '所属部门', '募捐部');
  await shot(page, 'system-user-form');
  await save(page);
  await expect(page.getByText('添加成功！')).toBeVisible();
  await search(page, '请输入用户账号', USER);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('募捐部');
  await shot(page, 'system-user-list', { fullPage: true });

  // An activity of 募捐部 (made by zhangwei, who works there) besides the demo ones of the foundation (A01).
  const zhangwei = await apiToken(page.request, 'zhangwei');
  const made = await page.request.post(`${API}/donation/activity/add`, {
    headers: { 'X-Access-Token': zhangwei },
    data: { activityName: '募捐部专属活动', category: '1' },
  });
  expect((await made.json()).success).toBe(true);
});

test('the user sees only their menus, buttons and department rows, is refused what they lack, and is cut off when frozen', async ({ page, browser }) => {
  await signIn(page, USER, { password: PASSWORD });
  const token = (await storedToken(page))!;
  const permissions = (await apiGet(page.request, token, '/sys/permission/getUserPermissionByToken')).result;
  expect(permissions.menu.map((m: { meta: { title: string } }) => m.meta.title)).toEqual(['捐赠管理']);
  expect(permissions.menu[0].children.map((m: { meta: { title: string } }) => m.meta.title)).toEqual(['捐赠活动']);
  expect(permissions.auth.map((a: { action: string }) => a.action).sort()).toEqual(['donation:activity:add', 'donation:activity:detail']);
  const sider = page.locator('.ant-layout-sider');
  await expect(sider).toContainText('捐赠管理');
  await expect(sider).not.toContainText('系统管理');

  await openList(page, 'donation/activity');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('募捐部专属活动');
  await expect(page.getByRole('button', { name: /新\s*增/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /导\s*出/ })).toHaveCount(0);
  await expect(rows(page).first().getByText('编辑')).toHaveCount(0);
  await expect(rows(page).first().getByText('详情')).toBeVisible();
  await shot(page, 'system-user-sees-department-rows', { fullPage: true });

  // The server refuses what the role lacks, whatever the client shows.
  const id = (await apiGet(page.request, token, '/donation/activity/list')).result.records[0].id;
  const refused = await page.request.delete(`${API}/donation/activity/delete?id=${id}`, { headers: { 'X-Access-Token': token } });
  expect(refused.status()).toBe(403);
  expect((await page.request.get(`${API}/system/user/list`, { headers: { 'X-Access-Token': token } })).status()).toBe(403);

  // The admin freezes the user from the user list (row operation 冻结).
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin', { open: false });
  await openList(admin, 'system/user');
  await search(admin, '请输入用户账号', USER);
  await expect(rows(admin)).toHaveCount(1);
  await rows(admin).first().getByTestId('op-freeze').click();
  await admin
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(admin.getByText('冻结成功!')).toBeVisible();
  await expect(rows(admin).first()).toContainText('冻结');
  await shot(admin, 'system-user-frozen', { fullPage: true });
  await adminContext.close();

  // The user's open session is refused on the next request.
  const next = await page.request.get(`${API}/sys/permission/getUserPermissionByToken`, { headers: { 'X-Access-Token': token } });
  expect(next.status()).toBe(401);
  expect((await next.json()).message).toBe('该用户已冻结');
  // In the browser: the next call is refused and the client drops the session for the login page.
  await page.reload();
  await expect(page).toHaveURL(/#\/user\/login/);
  await shot(page, 'system-frozen-user-refused', { fullPage: true });
});

test('admin adds a position and gives it to a user; the user form reads roles, departments and positions back', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  await openList(page, 'system/position');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await field(page, '职务编码').fill('fund_lead');
  await field(page, '职务名称').fill('募捐主管');
  await pickOption(page, '职级', '中级');
  await save(page);
  await expect(page.getByText('添加成功！')).toBeVisible();
  await expect(rows(page).filter({ hasText: '募捐主管' })).toHaveCount(1);
  await shot(page, 'system-position-list', { fullPage: true });

  await openList(page, 'system/user');
  await search(page, '请输入用户账号', USER);
  await rows(page).first().getByText('编辑').click();
  await expect(field(page, '用户账号')).toHaveValue(USER);
  await expect(item(page, '角色分配')).toContainText(ROLE);
  await expect(item(page, '所属部门')).toContainText('募捐部');
  await pickOption(page, '职务', '募捐主管');
  await save(page);
  await expect(page.getByText('编辑成功!')).toBeVisible();
  const token = (await storedToken(page))!;
  const user = (await apiGet(page.request, token, `/system/user/list?username=${USER}`)).result.records[0];
  const read = (await apiGet(page.request, token, `/system/user/queryById?id=${user.id}`)).result;
  expect(read.selectedPositions).toHaveLength(1);
  expect(read).not.toHaveProperty('password');
});

test('菜单管理’s 上级菜单 query picks menus from the menu tree and lists their entries', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  await openList(page, 'system/permission');
  const bar = page.getByTestId('query-bar');
  await bar.locator('.ant-tree-select, .ant-select').last().click();
  const node = page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper').filter({ hasText: /^捐赠管理$/ });
  await node.click();
  await page.keyboard.press('Escape');
  await bar.getByRole('button', { name: /查\s*询/ }).click();
  await expect(rows(page).filter({ hasText: '捐赠记录' })).toHaveCount(1);
  await expect(rows(page).filter({ hasText: '项目申请' })).toHaveCount(0);
  await shot(page, 'permission-parent-query');
});
