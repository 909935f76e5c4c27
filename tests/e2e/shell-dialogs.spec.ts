import { expect, type Locator, type Page, test } from './fixtures.ts';
import { ADMIN_PASSWORD, shot, signIn, storedToken } from './helpers.ts';
import { watchProblems } from './problems.ts';
import { box, expectToast, userMenu } from './shell-helpers.ts';

const NEW_PASSWORD = 'Wang@2026new';

const passwordDialog = (page: Page) => page.locator('.ant-modal').filter({ hasText: '修改密码' });
const fieldError = (page: Page, text: string) => passwordDialog(page).locator('.ant-form-item-explain-error').filter({ hasText: text });

async function fillPassword(page: Page, values: { old?: string; next?: string; confirm?: string }) {
  const dialog = passwordDialog(page);
  if (values.old !== undefined) await dialog.getByLabel('旧密码').fill(values.old);
  if (values.next !== undefined) await dialog.getByLabel('新密码', { exact: true }).fill(values.next);
  if (values.confirm !== undefined) await dialog.getByLabel('确认新密码').fill(values.confirm);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
}

test.describe('change-password dialog', () => {
  test('every message of spec section 5, the server check of the old password, and success; the other session ends with 登录已过期', async ({
    page,
    request,
    browser,
  }) => {
    // Invalid input ends in messages on the fields, never in an unhandled rejection.
    const uncaught = await watchProblems(page, { console: false });
    // The same user signed in elsewhere: the password change ends that session.
    const elsewhere = await (await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1366, height: 800 } })).newPage();
    await signIn(elsewhere, 'wangfang');
    await signIn(page, 'wangfang');
    // Tokens carry their issue time in seconds: the change comes in a later second than both sign-ins.
    await page.waitForTimeout(1100);
    await userMenu(page, '密码修改');
    const dialog = passwordDialog(page);
    await expect(dialog).toBeVisible();
    await expect.poll(async () => Math.round((await box(dialog.locator('.ant-modal-content'))).width)).toBe(1000);

    await fillPassword(page, {});
    for (const message of ['请输入旧密码!', '密码由8位数字、大小写字母和特殊符号组成!', '请确认新密码!']) await expect(fieldError(page, message)).toBeVisible();
    await shot(page, 'shell-password-required');

    await fillPassword(page, { old: 'whatever', next: 'abc12345', confirm: 'abc12345' });
    await expect(fieldError(page, '密码由8位数字、大小写字母和特殊符号组成!')).toBeVisible();
    await fillPassword(page, { next: NEW_PASSWORD, confirm: `${NEW_PASSWORD}x` });
    await expect(fieldError(page, '两次输入的密码不一样！')).toBeVisible();
    await shot(page, 'shell-password-mismatch');
    expect(uncaught).toEqual([]);

    // The server verifies the old password; its refusal is a warning and the dialog stays.
    await fillPassword(page, { old: 'Wrong@123456', confirm: NEW_PASSWORD });
    await expectToast(page, '旧密码输入错误!');
    await expect(dialog).toBeVisible();
    await shot(page, 'shell-password-wrong-old');

    await fillPassword(page, { old: ADMIN_PASSWORD });
    await expectToast(page, '密码修改成功!');
    await expect(dialog).toBeHidden();
    const token = (await storedToken(page))!;
    try {
      // This session goes on; the other one's next request is answered 登录已过期 (spec section 8).
      await expect(page.getByTestId('user-menu')).toBeVisible();
      // Its next request, from a page it opens (no reload), meets the ended session.
      await elsewhere.goto('/#/isps/userAnnouncement');
      const expired = elsewhere.locator('.ant-modal-confirm').filter({ hasText: '登录已过期' }).first();
      await expect(expired).toContainText('很抱歉，登录已过期，请重新登录');
      await shot(elsewhere, 'shell-session-expired');
      await expired.getByRole('button', { name: '重新登录' }).click();
      // Signed out: the visitor without a token is the guest again (ALLOW_GUEST), no longer 王芳.
      await expect(elsewhere.getByTestId('user-menu')).toContainText('访客');
      await elsewhere.context().close();

      const login = await request.post('/hope-boot/sys/login', { data: { username: 'wangfang', password: NEW_PASSWORD } });
      expect((await login.json()).success).toBe(true);
    } finally {
      // Other tests sign in as wangfang with the shared password.
      const back = await request.post('/hope-boot/sys/user/updatePassword', {
        headers: { 'X-Access-Token': token },
        data: { username: 'wangfang', oldpassword: NEW_PASSWORD, password: ADMIN_PASSWORD, confirmpassword: ADMIN_PASSWORD },
      });
      expect((await back.json()).success).toBe(true);
    }
  });

  test('without a signed-in username the dialog warns 当前系统无登陆用户!', async ({ page }) => {
    await signIn(page, 'zhangwei');
    // The user info can expire from local storage before the token does.
    await page.evaluate(() => localStorage.removeItem('pro__Login_Userinfo'));
    await page.reload();
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await userMenu(page, '密码修改');
    await fillPassword(page, { old: ADMIN_PASSWORD, next: NEW_PASSWORD, confirm: NEW_PASSWORD });
    await expectToast(page, '当前系统无登陆用户!');
    await shot(page, 'shell-password-no-user');
  });
});

test.describe('department dialog', () => {
  const departDialog = (page: Page) => page.locator('.ant-modal').filter({ hasText: '请选择登录部门' });
  /** Picks a department in the dialog's select and checks it took (a click during the dropdown's motion can miss). */
  const chooseDepart = async (page: Page, dialog: Locator, name: string) => {
    const select = dialog.getByTestId('depart-select');
    await expect(async () => {
      if ((await select.locator('input[role=combobox]').getAttribute('aria-expanded')) !== 'true') await select.click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).click({ timeout: 2000 });
      await expect(select.locator('.ant-select-selection-item')).toHaveText(name, { timeout: 2000 });
    }).toPass({ timeout: 20_000 });
  };

  test('wangfang switches between her two departments; an empty choice is an error; the switch survives a reload', async ({ page }) => {
    await signIn(page, 'wangfang');
    await expect(page.getByTestId('dashboard')).toContainText('财务部');
    await userMenu(page, '切换部门');
    const dialog = departDialog(page);
    await expect(dialog.locator('.ant-modal-title')).toHaveText('部门切换（当前部门 : 财务部）');
    await expect.poll(async () => Math.round((await box(dialog.locator('.ant-modal-content'))).width)).toBe(500);
    await expect(dialog.getByRole('button', { name: /关\s*闭/ })).toBeVisible();

    await dialog.getByTestId('depart-select').hover();
    await dialog.locator('.ant-select-clear').click();
    await dialog.getByRole('button', { name: /确\s*认/ }).click();
    await expect(dialog.locator('.ant-form-item-has-error')).toBeVisible();
    await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText('请选择登录部门');
    await shot(page, 'shell-depart-empty');

    await chooseDepart(page, dialog, '资助部');
    await dialog.getByRole('button', { name: /确\s*认/ }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('dashboard')).toContainText('资助部');
    await page.reload();
    await expect(page.getByTestId('dashboard')).toContainText('资助部');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('pro__Login_Userinfo')!))).toMatchObject({
      value: { orgCode: 'A01A05' },
      expire: expect.any(Number),
    });

    await userMenu(page, '切换部门');
    await expect(departDialog(page).locator('.ant-modal-title')).toHaveText('部门切换（当前部门 : 资助部）');
    await shot(page, 'shell-depart-switch');
    await chooseDepart(page, departDialog(page), '财务部');
    await departDialog(page)
      .getByRole('button', { name: /确\s*认/ })
      .click();
    await expect(page.getByTestId('dashboard')).toContainText('财务部');
  });

  test('admin has two departments too; the guest, with none, is not offered 切换部门', async ({ page, browser }) => {
    await signIn(page, 'admin');
    await userMenu(page, '切换部门');
    await departDialog(page).getByTestId('depart-select').click();
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText(['希望工程基金会', '办公室']);

    const guest = await browser.newPage();
    await guest.goto('/#/dashboard/analysis');
    await expect(guest.getByText('欢迎您，访客')).toBeVisible();
    await guest.getByTestId('user-menu').hover();
    await expect(guest.getByRole('menuitem', { name: '登录' })).toBeVisible();
    await expect(guest.getByRole('menuitem', { name: '切换部门' })).toHaveCount(0);
    await guest.close();
  });
});

test.describe('account centre and settings', () => {
  test('basic information with an avatar upload, shown in the header and the account centre', async ({ page }) => {
    // Not lina: the session tests lock her account.
    await signIn(page, 'zhangwei', { open: false });
    await page.goto('/#/account/settings');
    const form = page.getByTestId('base-setting');
    await form.getByLabel('手机号码').fill('12345');
    await form.getByRole('button', { name: '更新基本信息' }).click();
    await expect(form.locator('.ant-form-item-explain-error')).toHaveText('请输入正确的手机号码');

    await form.getByLabel('手机号码').fill('13912340001');
    await form.getByLabel('邮箱').fill('zhangwei@hope.example.org');
    // Any real PNG will do: a picture of the logo in the side menu.
    const picture = await page.locator('.sider-logo img').screenshot();
    await form.locator('input[type=file]').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: picture });
    await expect(form.getByTestId('avatar-upload').locator('img')).toHaveAttribute(
      'src',
      /\/hope-boot\/sys\/common\/static\/avatar\/\d{8}\/[0-9a-f]{32}\.png$/,
    );
    await form.getByRole('button', { name: '更新基本信息' }).click();
    await expectToast(page, '修改成功');
    await expect(page.getByTestId('user-menu').locator('img')).toHaveAttribute('src', /avatar\//);
    await shot(page, 'shell-account-settings');

    await page.goto('/#/account/center');
    await expect(page.locator('#printContent')).toContainText('13912340001');
    await expect(page.locator('#printContent')).toContainText('zhangwei@hope.example.org');
    await shot(page, 'shell-account-center');

    await page.goto('/#/account/settings');
    await page.getByTestId('account-settings').getByText('安全设置').click();
    await page.getByTestId('security-setting').getByText('修改', { exact: true }).click();
    await expect(passwordDialog(page)).toBeVisible();
  });
});
