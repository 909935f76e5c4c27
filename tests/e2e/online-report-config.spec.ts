import { expect, test } from './fixtures.ts';
import { shot, signIn } from './helpers.ts';
import { input, modal, openList, operate, rows, save } from './schema-helpers.ts';

/*
 * 在线开发 › 报表配置: the admin writes a report definition — its SQL with a parameter, two result columns
 * and the parameter's default — in the form's two sub-tables, sees SQL that is not a query refused with
 * the rule's message, saves, runs 测试 on the row, and publishes it to a menu entry showing it as a list.
 */

test('admin configures an online report with columns and a parameter, tests it and publishes it to the menu', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  await openList(page, 'online/report');
  await expect(rows(page).filter({ hasText: 'report_donation_activity' })).toHaveCount(1);

  await page.getByRole('button', { name: /新\s*增/ }).click();
  await input(page, '报表编码').fill('report_e2e_depts');
  await input(page, '报表名称').fill('部门一览');
  await input(page, '报表SQL').fill('delete from sys_depart');
  const tables = modal(page).locator('.ant-formily-array-table');
  await tables
    .nth(0)
    .getByRole('button', { name: /新增一行/ })
    .click();
  const column = tables.nth(0).locator('tbody tr.ant-table-row');
  await column.nth(0).locator('input').nth(0).fill('org_code');
  await column.nth(0).locator('input').nth(1).fill('部门编码');
  await tables
    .nth(0)
    .getByRole('button', { name: /新增一行/ })
    .click();
  await column.nth(1).locator('input').nth(0).fill('depart_name');
  await column.nth(1).locator('input').nth(1).fill('部门名称');
  await tables
    .nth(1)
    .getByRole('button', { name: /新增一行/ })
    .click();
  const param = tables.nth(1).locator('tbody tr.ant-table-row').first();
  await param.locator('input').nth(0).fill('prefix');
  await param.locator('input').nth(2).fill('A01%');
  await save(page, '报表SQL必须是查询语句（select 或 with 开头）');

  await input(page, '报表SQL').fill('select org_code, depart_name from sys_depart where del_flag = 0 and org_code like ${prefix}');
  await shot(page, 'online-report-config-form');
  await save(page, '添加成功！');
  await expect(page.locator('.ant-modal:visible')).toHaveCount(0);

  const row = rows(page).filter({ hasText: 'report_e2e_depts' });
  await expect(row).toContainText('部门一览');
  await operate(page, row, '测试', /^测试成功，共\d+条，结果列: org_code、depart_name$/);
  await shot(page, 'online-report-config-list');

  // 发布: a menu entry under 在线开发 showing the report as a list.
  await operate(page, row, '发布', '发布成功，菜单地址: /online/cgreport/report_e2e_depts', { confirm: true });
  // The side menu is read at sign-in: a new page load shows the entry.
  await page.reload();
  await page.getByTestId('side-menu').getByText('部门一览').click();
  const screen = page.getByTestId('online-report-report_e2e_depts');
  await expect(screen).toContainText('部门一览');
  await expect(screen.locator('tbody tr.ant-table-row').first()).toContainText('A01');
  await expect(screen.locator('.ant-pagination-total-text')).toContainText('共');
  await expect(screen.locator('thead')).toContainText('部门名称');
  await shot(page, 'online-report-published');

  const download = page.waitForEvent('download');
  await screen.getByRole('button', { name: /导\s*出/ }).click();
  expect((await download).suggestedFilename()).toBe('部门一览.xlsx');
});
