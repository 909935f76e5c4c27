import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeOAuth, type FakeOAuth } from '../api/helpers/fake-oauth.ts';
import { expect, lastCode, test } from './fixtures.ts';
import { ADMIN_PASSWORD, expectDashboard, shot, storedToken } from './helpers.ts';
import { ownServer, type OwnServer } from './own-server.ts';

/*
 * 第三方登录 (OAuth 2.0) as a user meets it: a server of its own started with OAUTH_PROVIDERS (the worker's
 * server has none), an OAuth provider started by the test (authorize form, token and user-info endpoints).
 * The login page offers the provider; the first time, the provider's account is not bound and the browser
 * lands on 绑定账号, where a wrong password is told and the right one binds and signs in; the next time the
 * provider signs the same account straight in. 新账号 registers an account for it (registration is open), and
 * refusing at the provider brings the login page's message.
 */
const PORT = Number(process.env.E2E_THIRD_PORT || Number(process.env.E2E_PORT || 3110) + 45);

let oauth: FakeOAuth;
let server: OwnServer;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  oauth = await startFakeOAuth();
  dataDir = mkdtempSync(join(tmpdir(), 'hope-third-'));
  server = ownServer(PORT, dataDir, { OAUTH_PROVIDERS: 'fake', ...oauth.env('fake', '测试开放平台') });
  await server.start();
});
test.afterAll(async () => {
  await server?.stop();
  await oauth?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function throughProvider(page: import('@playwright/test').Page, user: string, decision: '授权登录' | '拒绝' = '授权登录') {
  await page.goto(`${server.origin}/#/user/login`);
  await page.getByTestId('third-login').getByRole('button', { name: '测试开放平台' }).click();
  await expect(page).toHaveURL(new RegExp(`^${oauth.url}/authorize\\?`));
  await page.getByLabel('OAuth 用户').fill(user);
  await page.getByRole('button', { name: decision }).click();
}

async function signOut(page: import('@playwright/test').Page, realname: string) {
  await page.getByText(`欢迎您，${realname}`).click();
  await page.getByText('退出登录').click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page).toHaveURL(/#\/user\/login/);
}

test('第三方登录: the first time binds the account by password, the next time signs straight in', async ({ page }) => {
  await page.goto(`${server.origin}/#/user/login`);
  await expect(page.getByTestId('third-login')).toContainText('第三方登录');
  await shot(page, 'login-third');

  await throughProvider(page, 'octocat');
  await expect(page).toHaveURL(new RegExp(`^${server.origin}/#/user/third-login\\?ticket=`));
  const bind = page.getByTestId('third-bind');
  await expect(bind.getByText('绑定账号')).toBeVisible();
  await expect(bind).toContainText('您的测试开放平台账号尚未绑定本系统账号');
  expect(await storedToken(page)).toBeNull();

  await bind.getByPlaceholder('请输入用户名').fill('zhangwei');
  await bind.getByPlaceholder('请输入密码').fill('not-the-password');
  await bind.getByRole('button', { name: '绑定并登录' }).click();
  await expect(page.getByTestId('login-error')).toHaveText('用户名或密码错误，还可尝试4次');
  await shot(page, 'third-bind-wrong-password');

  await bind.getByPlaceholder('请输入密码').fill(ADMIN_PASSWORD);
  await bind.getByRole('button', { name: '绑定并登录' }).click();
  await expectDashboard(page);
  await expect(page.getByText('欢迎您，张伟')).toBeVisible();
  expect(page.url()).not.toContain('ticket=');
  expect(await storedToken(page)).toBeTruthy();
  await shot(page, 'third-bound-dashboard');

  await signOut(page, '张伟');
  expect(await storedToken(page)).toBeNull();
  // Bound now: the provider signs the same account in without a word.
  await throughProvider(page, 'octocat');
  await expectDashboard(page);
  await expect(page.getByText('欢迎您，张伟')).toBeVisible();
  expect(page.url()).not.toContain('code=');
  // Signed out again: the page this worker keeps comes to the next test without this server's session.
  await signOut(page, '张伟');
});

test('第三方登录: the phone and new-account tabs of 绑定账号, and a refusal at the provider shown on the login page', async ({ page }) => {
  await throughProvider(page, 'stranger');
  const bind = page.getByTestId('third-bind');
  await bind.getByRole('tab', { name: '手机号' }).click();
  await bind.getByPlaceholder('请输入手机号').fill('13999999999');
  await bind.getByPlaceholder('请输入验证码').fill('123456');
  await bind.getByRole('button', { name: '绑定并登录' }).click();
  await expect(page.getByTestId('login-error')).toHaveText('该手机号未绑定用户');
  await shot(page, 'third-bind-phone');

  // 新账号 (registration is open): registered as by 注册, bound, and waiting for a role as any new account.
  await bind.getByRole('tab', { name: '新账号' }).click();
  const register = page.getByTestId('third-register');
  await register.getByPlaceholder('用户名').fill('octo_new');
  await register.getByPlaceholder('确认密码').fill('Newbie@2024');
  await register.getByPlaceholder('密码', { exact: true }).fill('Newbie@2024');
  await register.getByPlaceholder('11 位手机号').fill('13700000088');
  await register.getByRole('button', { name: '获取验证码' }).click();
  const phoneCode = () => lastCode({ origin: server.origin, dataDir }, '13700000088');
  await expect.poll(phoneCode).toMatch(/^\d{6}$/);
  await register.getByPlaceholder('验证码').fill(phoneCode());
  await shot(page, 'third-register');
  await register.getByRole('button', { name: '注册并绑定' }).click();
  await expect(page).toHaveURL(/#\/user\/register-result\?account=octo_new/);
  expect(await storedToken(page)).toBeNull();

  await throughProvider(page, 'stranger', '拒绝');
  await expect(page).toHaveURL(/#\/user\/login/);
  await expect(page.getByTestId('login-error')).toHaveText('已取消第三方登录');
  expect(await storedToken(page)).toBeNull();
  await shot(page, 'login-third-denied');
});
