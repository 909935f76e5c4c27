import { expect, lastCode, test } from './fixtures.ts';
import { expectDashboard, shot } from './helpers.ts';

/*
 * 手机号登录: the login page's second tab asks the server to text a code (the console provider writes it
 * to DATA_DIR/sms-outbox.log, read here as a person reads their phone), counts down before another may
 * be asked, refuses a wrong code with the server's message, and signs in with the right one.
 */
const ZHANGWEI_PHONE = '13800000001';

test('a staff member signs in with a code texted to their phone; a wrong code is refused', async ({ page, server }) => {
  await page.goto('/#/user/login');
  await page.getByRole('tab', { name: '手机号登录' }).click();
  const form = page.getByTestId('phone-login');
  await form.getByRole('button', { name: /登\s*录/ }).click();
  await expect(form.locator('.login-field-error')).toHaveText(['请输入手机号', '请输入验证码']);

  await form.getByPlaceholder('请输入手机号').fill('1380000');
  await form.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByTestId('login-error')).toContainText('手机号码格式不正确');

  await form.getByPlaceholder('请输入手机号').fill(ZHANGWEI_PHONE);
  await form.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('验证码已发送，5分钟内有效')).toBeVisible();
  await expect(form.getByRole('button', { name: /\d+ s/ })).toBeDisabled();
  await expect.poll(() => lastCode(server, ZHANGWEI_PHONE)).toMatch(/^\d{6}$/);
  const code = lastCode(server, ZHANGWEI_PHONE);
  await shot(page, 'login-phone');

  await form.getByPlaceholder('请输入验证码').fill(code === '000000' ? '111111' : '000000');
  await form.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByTestId('login-error')).toContainText('手机验证码错误');

  await form.getByPlaceholder('请输入验证码').fill(code);
  await form.getByRole('button', { name: /登\s*录/ }).click();
  await expectDashboard(page);
  await expect(page.getByText('欢迎您，张伟')).toBeVisible();
});
