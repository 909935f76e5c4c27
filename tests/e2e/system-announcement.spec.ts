import { expect, type Page, test } from './fixtures.ts';
import { shot, signIn } from './helpers.ts';
import { input, item, modal, openList, rows } from './schema-helpers.ts';
import { bellCount, expectToast } from './shell-helpers.ts';

/*
 * 系统通告 as a schema screen (schemas/system/announcement.json): the admin writes an announcement for a
 * chosen user with the user picker and the rich-text editor, releases it (row operation 发布); the row
 * then offers no 编辑 or 删除; the user sees it in the bell and in 我的消息; the admin sees in the detail
 * who has read it, and revokes it.
 */

const confirmOperation = (page: Page) =>
  page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();

test('admin writes an announcement for a chosen user, releases it, sees who read it and revokes it', async ({ browser }) => {
  const adminContext = await browser.newContext();
  const staffContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const staff = await staffContext.newPage();
  const title = `指定用户通知 ${Date.now()}`;
  try {
    await signIn(admin, 'admin', { open: false });
    await openList(admin, 'system/announcement');
    await admin.getByRole('button', { name: /新\s*增/ }).click();
    await input(admin, '标题').fill(title);
    await item(admin, '优先级').getByText('紧急').click();
    await item(admin, '通告对象类型').getByText('指定用户').click();
    // The user picker shows once 指定用户 is chosen; it stores the chosen usernames.
    await item(admin, '指定用户').getByTestId('user-picker-input').click();
    const users = admin.getByRole('dialog', { name: '选择用户' });
    await users.getByPlaceholder('请输入用户账号').fill('zhangwei');
    await users.getByRole('button', { name: /查\s*询/ }).click();
    const userRows = users.locator('.ant-table-tbody tr.ant-table-row');
    await expect(userRows).toHaveCount(1);
    await userRows.first().locator('.ant-checkbox-input').check();
    await users.getByRole('button', { name: /确\s*定/ }).click();
    await expect(item(admin, '指定用户').getByTestId('user-picker-input')).toHaveValue('张伟');
    await item(admin, '内容').locator('.ql-editor').click();
    await admin.keyboard.type('请于本周五前提交助学金核对表。');
    await shot(admin, 'system-announcement-form', { fullPage: true });
    await modal(admin)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expectToast(admin, '添加成功！');

    const row = rows(admin).filter({ hasText: title });
    await expect(row).toContainText('未发布');
    await expect(row.getByTestId('op-revoke')).toHaveCount(0);
    await row.getByTestId('op-release').click();
    await confirmOperation(admin);
    await expectToast(admin, '该系统通知发布成功');
    await expect(row).toContainText('已发布');
    await expect(row).toContainText('管理员');

    // Released: no 编辑 or 删除 until it is revoked (the server refuses them too; see the API test).
    await expect(row.getByText('编辑', { exact: true })).toHaveCount(0);
    await expect(row.getByText('删除', { exact: true })).toHaveCount(0);
    await expect(row.getByTestId('op-revoke')).toBeVisible();
    await shot(admin, 'system-announcement-released', { fullPage: true });

    // The chosen user sees it in the bell and opens it, which marks it read.
    await signIn(staff, 'zhangwei');
    await expect.poll(() => bellCount(staff)).toBeGreaterThan(0);
    await staff.getByTestId('notice-bell').click();
    const notice = staff.getByTestId('notice-popover').locator('.notice-item').filter({ hasText: title });
    await expect(notice).toBeVisible();
    // Shot once the popover's fade-in is over.
    await expect(staff.locator('.ant-popover:visible').last()).toHaveCSS('opacity', '1');
    await shot(staff, 'system-announcement-bell');
    await notice.click();
    const view = staff.getByTestId('announcement-view');
    await expect(view).toContainText('请于本周五前提交助学金核对表。');
    await staff
      .locator('.announcement-modal')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await staff.goto('/#/isps/userAnnouncement');
    const mine = staff.getByTestId('my-announcements').locator('.ant-table-row').filter({ hasText: title });
    await expect(mine).toContainText('已读');
    await shot(staff, 'system-announcement-my-messages');

    // The admin's detail lists who has read it.
    await admin.reload();
    await expect(admin.getByTestId('list-system/announcement')).toBeVisible();
    await row.getByText('详情').click();
    const drawer = admin.locator('.ant-drawer-open');
    // 指定用户 by name (the picker stores usernames), and 阅读情况 listing who has read it.
    await expect(drawer.locator('[data-field="userIds"]')).toHaveText('张伟');
    await expect(drawer).toContainText('阅读情况');
    await expect(drawer).toContainText('张伟');
    await expect(drawer).toContainText('已读');
    await expect(drawer.locator('.ant-spin-spinning')).toHaveCount(0);
    // Shot once the drawer has slid in (antd's motion classes gone).
    await expect(admin.locator('.ant-drawer [class*="motion"]')).toHaveCount(0);
    await shot(admin, 'system-announcement-detail-read');
    await drawer.locator('.ant-drawer-close').click();

    await row.getByTestId('op-revoke').click();
    await confirmOperation(admin);
    await expectToast(admin, '该系统通知撤销成功');
    await expect(row).toContainText('已撤销');
    await expect(row.getByText('编辑', { exact: true })).toBeVisible();
    await expect(row.getByText('删除', { exact: true })).toBeVisible();
    await staff.reload();
    await expect(staff.getByTestId('my-announcements')).toBeVisible();
    await expect(staff.getByTestId('my-announcements').locator('.ant-table-row').filter({ hasText: title })).toHaveCount(0);
  } finally {
    await adminContext.close();
    await staffContext.close();
  }
});
