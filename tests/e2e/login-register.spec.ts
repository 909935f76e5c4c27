import { expect, lastCode, type Page, test, type WorkerServer } from './fixtures.ts';
import { loginAs, shot } from './helpers.ts';

/*
 * From the login page without an account: 注册账户 → a phone proven by a texted code → 注册结果 naming the
 * account → sign in with it. Then 忘记密码: a code proves the phone and names the account, a new password
 * replaces the old one, and only the new one signs in. Codes are read from the console provider's outbox.
 */
const PHONE = '13700000042';

async function codeFor(page: Page, server: WorkerServer, phone: string, before: string): Promise<string> {
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect.poll(() => lastCode(server, phone)).not.toBe(before);
  return lastCode(server, phone);
}

test('a visitor registers with a phone code, sees the result and signs in with the new account', async ({ page, server }) => {
  await page.goto('/#/user/login');
  await page.getByRole('link', { name: '注册账户' }).click();
  const form = page.getByTestId('register');
  await expect(form).toBeVisible();

  await form.getByRole('button', { name: /注\s*册/ }).click();
  await expect(form.getByText('请输入用户名')).toBeVisible();
  await form.getByPlaceholder('用户名').fill('e2e_xiaohong');
  await form.getByPlaceholder('密码', { exact: true }).fill('Reg@12345');
  await form.getByPlaceholder('确认密码').fill('Reg@99999');
  await form.getByPlaceholder('11 位手机号').fill(PHONE);
  await expect(form.getByText('两次输入的密码不一样！')).toBeVisible();
  await form.getByPlaceholder('确认密码').fill('Reg@12345');

  const code = await codeFor(page, server, PHONE, '');
  await form.getByPlaceholder('验证码').fill(code === '000000' ? '111111' : '000000');
  await form.getByRole('button', { name: /注\s*册/ }).click();
  await expect(page.getByTestId('register-error')).toContainText('手机验证码错误');
  await shot(page, 'register');

  await form.getByPlaceholder('验证码').fill(code);
  await form.getByRole('button', { name: /注\s*册/ }).click();
  await expect(page.getByTestId('register-result')).toContainText('你的账户：e2e_xiaohong 注册成功');
  await shot(page, 'register-result');

  await page.getByRole('button', { name: '使用该账户登录' }).click();
  await loginAs(page, 'e2e_xiaohong', 'Reg@12345');
  // A new account has no role yet: it signs in, has no menu, and is told why it is back at the login page.
  await expect(page.getByText('该账户尚未分配角色，请联系管理员授权后再登录')).toBeVisible();
  await expect(page).toHaveURL(/#\/user\/login/);
});

test('the new account forgets its password and sets a new one by phone; only the new one signs in', async ({ page, server }) => {
  const phone = PHONE;
  await page.goto('/#/user/login');
  await page.getByRole('link', { name: '忘记密码' }).click();
  const steps = page.getByTestId('alteration');
  await steps.getByPlaceholder('账户绑定的手机号').fill(phone);
  const code = await codeFor(page, server, phone, lastCode(server, phone));
  await steps.getByPlaceholder('验证码').fill(code);
  await steps.getByRole('button', { name: '下一步' }).click();
  await expect(steps).toContainText('账户：e2e_xiaohong');

  await steps.getByPlaceholder('新密码', { exact: true }).fill('New@2026x');
  await steps.getByPlaceholder('确认新密码').fill('New@2026x');
  await shot(page, 'alteration');
  await steps.getByRole('button', { name: /提\s*交/ }).click();
  await expect(steps).toContainText('密码已重置');
  await steps.getByRole('button', { name: '返回登录' }).first().click();

  await loginAs(page, 'e2e_xiaohong', 'Reg@12345');
  await expect(page.getByTestId('login-error')).toContainText('用户名或密码错误');
  await loginAs(page, 'e2e_xiaohong', 'New@2026x');
  await expect(page.getByText('该账户尚未分配角色，请联系管理员授权后再登录')).toBeVisible();
});
