import { expect, test } from './fixtures.ts';
import { ADMIN_PASSWORD, expectDashboard, loginAs, shot, storedToken } from './helpers.ts';

test.describe('session', () => {
  test('the login page renders with its form', async ({ page }) => {
    await page.goto('/#/user/login');
    await expect(page.getByText('账号密码登录')).toBeVisible();
    await expect(page.getByPlaceholder('请输入用户名')).toBeVisible();
    await expect(page.locator('body')).toHaveClass(/userLayout/);
    await shot(page, 'login');
  });

  test('empty fields show the form messages and send nothing', async ({ page }) => {
    let calls = 0;
    page.on('request', (r) => r.url().includes('/sys/login') && calls++);
    await page.goto('/#/user/login');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page.getByText('请输入用户名', { exact: true }).last()).toBeVisible();
    await expect(page.getByText('请输入密码', { exact: true }).last()).toBeVisible();
    expect(calls).toBe(0);
  });

  test('admin logs in, lands on the dashboard, a reload keeps the session', async ({ page }) => {
    await loginAs(page, 'admin');
    await expectDashboard(page);
    await expect(page.getByText('欢迎您，管理员')).toBeVisible();
    await expect(page).toHaveTitle(/希望工程/);
    await shot(page, 'dashboard');
    const token = await storedToken(page);
    expect(token).toBeTruthy();
    await page.reload();
    await expectDashboard(page);
    expect(await storedToken(page)).toBe(token);
  });

  test('the login page with a token sends the user home; a redirect query is honoured after login', async ({ page }) => {
    await page.goto('/#/user/login?redirect=%2Ftest%2Fhome');
    await page.getByPlaceholder('请输入用户名').fill('admin');
    await page.getByPlaceholder('请输入密码').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page).toHaveURL(/#\/test\/home/);
    await expect(page.getByText('页面框架工作正常')).toBeVisible();
    await page.goto('/#/user/login');
    await expectDashboard(page);
  });

  test('logout returns to the login page and the old token is refused by the API', async ({ page, request }) => {
    await loginAs(page, 'admin');
    await expectDashboard(page);
    const token = (await storedToken(page))!;
    await page.getByTestId('user-menu').hover();
    await page.getByText('退出登录').click();
    await expect(page.getByText('真的要注销登录吗 ?')).toBeVisible();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page).toHaveURL(/#\/user\/login/);
    expect(await storedToken(page)).toBeNull();
    const res = await request.get('/hope-boot/sys/permission/getUserPermissionByToken', { headers: { 'X-Access-Token': token } });
    // A token that no longer stands answers as JeecgBoot does (500, Token失效), which the client shows as 登录已过期.
    expect(res.status()).toBe(500);
    expect(await res.json()).toMatchObject({ success: false, message: 'Token失效，请重新登录' });
  });

  test("a logout the server refuses shows the server's message, and the session still ends here", async ({ page }) => {
    await loginAs(page, 'admin');
    await expectDashboard(page);
    // A refusal the real server does not give on its own: the answer is made up for the test.
    await page.route('**/sys/logout', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, code: 500, message: '退出登录失败：会话服务不可用' }),
      }),
    );
    await page.getByTestId('user-menu').hover();
    await page.getByText('退出登录').click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.locator('.ant-message')).toContainText('退出登录失败：会话服务不可用');
    await expect(page).toHaveURL(/#\/user\/login/);
    expect(await storedToken(page)).toBeNull();
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await loginAs(page, 'admin');
    await expectDashboard(page);
    await page.goto('/#/no/such/page');
    await expect(page).toHaveURL(/#\/404/);
    await expect(page.getByText('抱歉，你访问的页面不存在')).toBeVisible();
    await shot(page, '404');
  });

  test('a wrong password shows the server message and stays on the login page', async ({ page }) => {
    await loginAs(page, 'zhangwei', 'wrong-password-1');
    await expect(page.getByTestId('login-error')).toContainText('用户名或密码错误');
    await expect(page).toHaveURL(/#\/user\/login/);
    expect(await storedToken(page)).toBeNull();
    await shot(page, 'login-wrong-password');
  });

  test('five wrong passwords lock the account, and then even the right one is refused', async ({ page }) => {
    for (let i = 0; i < 5; i++) {
      await loginAs(page, 'lina', `wrong-${i}`);
      await expect(page.getByTestId('login-error')).toBeVisible();
    }
    await expect(page.getByTestId('login-error')).toContainText('锁定');
    await loginAs(page, 'lina', ADMIN_PASSWORD);
    await expect(page.getByTestId('login-error')).toContainText('锁定');
    await expect(page).toHaveURL(/#\/user\/login/);
  });

  test('a visitor without a token is signed in as the guest, who sees 登录 instead of 退出登录', async ({ page }) => {
    await page.goto('/#/dashboard/analysis');
    await expectDashboard(page);
    await expect(page.getByText('欢迎您，访客')).toBeVisible();
    await page.getByTestId('user-menu').hover();
    await expect(page.getByRole('menuitem', { name: /登录/ })).toBeVisible();
    await expect(page.getByText('退出登录')).toHaveCount(0);
    await shot(page, 'guest');
    await page.getByRole('menuitem', { name: /登录/ }).click();
    await expect(page).toHaveURL(/#\/user\/login/);
  });
});
