import { expect, type Page, test } from './fixtures.ts';
import { shot, signIn, storedToken } from './helpers.ts';
import { API, input, item, modal, openList, rows, save } from './schema-helpers.ts';

/*
 * Issue #6 end to end: after login the client names the user's tenant in tenant_id; 租户管理 adds a
 * tenant; the user screen shows 当前部门 by name and says a username is taken as it is typed; the
 * department form carries the department's permission tree; 部门角色 is a screen of its own.
 */

test.describe.configure({ mode: 'serial' });

test('the client sends the signed-in user’s tenant; 租户管理 adds a tenant', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('pro__TENANT_ID') ?? 'null')?.value);
  expect(stored).toBe(1);
  const sent = page.waitForRequest((r) => r.url().includes('/system/tenant/list'));
  await openList(page, 'system/tenant');
  expect((await sent).headers().tenant_id).toBe('1');
  await expect(rows(page).filter({ hasText: '希望工程总部' })).toHaveCount(1);

  await page.getByRole('button', { name: /新\s*增/ }).click();
  await input(page, '租户编号').fill('7');
  await input(page, '租户名称').fill('西部分站');
  await save(page, '添加成功！');
  await expect(rows(page).filter({ hasText: '西部分站' })).toHaveCount(1);
  await shot(page, 'system-tenant-list', { fullPage: true });
});

test('用户管理 shows 当前部门 by name and checks the username as it is typed', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  await openList(page, 'system/user');
  const adminRow = rows(page).filter({ has: page.locator('td', { hasText: /^admin$/ }) });
  await expect(adminRow).toContainText('希望工程基金会');
  await expect(adminRow).not.toContainText(/\bA01\b/);

  await page.getByRole('button', { name: /新\s*增/ }).click();
  await expect(item(page, '所属租户')).toBeVisible();
  await expect(item(page, '部门角色')).toBeVisible();
  await input(page, '用户账号').fill('zhangwei');
  await expect(item(page, '用户账号')).toContainText('该值不可用，系统中已存在！');
  await shot(page, 'system-user-duplicate', { fullPage: true });
  await input(page, '用户账号').fill('zhangwei_new_account');
  await expect(item(page, '用户账号')).not.toContainText('该值不可用');
  await modal(page)
    .getByRole('button', { name: /关\s*闭/ })
    .click();
});

test('部门管理 assigns a department’s permissions in its form; 部门角色 lists department roles', async ({ page }) => {
  await signIn(page);
  const token = (await storedToken(page))!;
  const headers = { 'X-Access-Token': token, tenant_id: '1' };
  const departs = await (await page.request.get(`${API}/system/depart/list?pageNo=1&pageSize=50`, { headers })).json();
  const depart = departs.result.records.find((d: { orgCode: string }) => d.orgCode === 'A01A05');
  const departRow = (p: Page) => rows(p).filter({ has: p.locator('td', { hasText: new RegExp(`^${depart.departName}$`) }) });
  await openList(page, 'system/depart');
  await departRow(page).getByText('编辑').click();
  const tree = item(page, '部门权限');
  await expect(tree.locator('.ant-tree')).toBeVisible();
  // Drawn whole (every node in the page, for Ctrl+F), its nodes out of view skipped by style and layout until scrolled to.
  const nodes = tree.locator('.ant-tree-treenode');
  expect(await nodes.count()).toBeGreaterThan(50);
  expect(await nodes.last().evaluate((n) => getComputedStyle(n).contentVisibility)).toBe('auto');
  await tree.locator('.ant-tree-treenode').filter({ hasText: '租户管理' }).first().locator('.ant-tree-checkbox').click();
  await shot(page, 'system-depart-permissions', { fullPage: true });
  await save(page, '编辑成功!');

  await departRow(page).getByText('编辑').click();
  await expect(item(page, '部门权限').locator('.ant-tree-treenode').filter({ hasText: '租户管理' }).first().locator('.ant-tree-checkbox-checked')).toHaveCount(
    1,
  );
  await modal(page)
    .getByRole('button', { name: /关\s*闭/ })
    .click();

  // A role of that department: its form offers only what the department holds.
  const added = await (
    await page.request.post(`${API}/system/depart_role/add`, {
      headers,
      data: { departId: depart.id, roleName: 'E2E租户查看', roleCode: 'e2e_tenant_viewer' },
    })
  ).json();
  expect(added.success, JSON.stringify(added)).toBe(true);

  await openList(page, 'system/depart_role');
  const roleRow = rows(page).filter({ hasText: 'E2E租户查看' });
  await expect(roleRow).toContainText(depart.departName);
  await roleRow.getByText('编辑').click();
  const roleTree = item(page, '授权');
  await expect(roleTree.locator('.ant-tree-treenode').filter({ hasText: '租户管理' }).first()).toBeVisible();
  await expect(roleTree.locator('.ant-tree-treenode').filter({ hasText: '用户管理' })).toHaveCount(0);
  // 系统管理 only holds 租户管理 here: the department does not hold it, so it has no checkbox.
  await expect(roleTree.locator('.ant-tree-treenode').filter({ hasText: '系统管理' }).first().locator('.ant-tree-checkbox')).toHaveCount(0);
  await roleTree.locator('.ant-tree-treenode').filter({ hasText: '租户管理' }).last().locator('.ant-tree-checkbox').click();
  await expect(roleTree.locator('.ant-tree-checkbox-checked')).toHaveCount(1);
  await shot(page, 'system-depart-role-form', { fullPage: true });
  await save(page, '编辑成功!');
  // The department's 编辑成功! may still be showing: wait for the role's save itself.
  await expect(modal(page)).toHaveCount(0);
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`${API}/sys/sysDepartPermission/queryDeptRolePermission?roleId=${added.result.id}`, { headers })).json()).result.length,
    )
    .toBe(1);
});
