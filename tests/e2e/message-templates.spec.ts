import { expect, test } from './fixtures.ts';
import { shot, signIn } from './helpers.ts';
import { input, modal, openList, pickOption, rows } from './schema-helpers.ts';
import { expectToast } from './shell-helpers.ts';

/*
 * 消息中心 → 消息模板 (schemas/system/message_template.json): the admin writes a template with a named
 * placeholder, sends it from the row's 发送 dialog to a role, sees a missing value refused, and the role's
 * member reads the filled-in message in 我的消息; 消息记录 lists the send.
 */

test("admin writes a message template, sends it to a role, and the role's member reads it in 我的消息", async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  const staff = await (await browser.newContext()).newPage();
  const name = `项目进度提醒${Date.now()}`;
  await signIn(admin, 'admin', { open: false });
  await openList(admin, 'system/message_template');
  await admin.getByRole('button', { name: /新\s*增/ }).click();
  await input(admin, '模板编码').fill(`remind_${Date.now()}`);
  await input(admin, '模板标题').fill(name);
  await input(admin, '模板内容').fill('请于 ${day} 前提交项目进度。');
  await input(admin, '参数示例').fill('{"day": "周五"}');
  await modal(admin)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expectToast(admin, '添加成功！');

  const row = rows(admin).filter({ hasText: name });
  await row.getByTestId('op-send').click();
  const dialog = modal(admin);
  await expect(dialog.locator('.ant-modal-title')).toHaveText('发送');
  // 模板参数 starts from the template's 参数示例.
  await expect(input(admin, '模板参数')).toHaveValue('{"day": "周五"}');
  await pickOption(admin, '接收角色', '项目专员');
  // A placeholder without a value is refused, and the dialog stays open.
  await input(admin, '模板参数').fill('{}');
  await admin.getByTestId('op-send-submit').click();
  await expect(admin.getByText('模板参数缺少值：day')).toBeVisible();
  await input(admin, '模板参数').fill('{"day": "11月30日"}');
  await shot(admin, 'message-template-send');
  await admin.getByTestId('op-send-submit').click();
  await expect(admin.getByText(/消息已发送给 \d+ 人/)).toBeVisible();
  await expect(dialog).toBeHidden();

  await openList(admin, 'system/message');
  await expect(rows(admin).filter({ hasText: name })).toContainText('已发送');
  await shot(admin, 'message-records');

  await signIn(staff, 'lina', { open: false });
  await staff.goto('/#/isps/userAnnouncement');
  const mine = staff.getByTestId('my-announcements').locator('.ant-table-row').filter({ hasText: name });
  await expect(mine).toBeVisible();
  await mine.getByText('查看').click();
  await expect(staff.getByTestId('announcement-view')).toContainText('请于 11月30日 前提交项目进度。');
  await shot(staff, 'message-template-received');
});
