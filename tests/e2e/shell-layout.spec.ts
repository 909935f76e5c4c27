import { expect, test } from './fixtures.ts';
import { shot, signIn } from './helpers.ts';
import { box, closeSettings, openSettings } from './shell-helpers.ts';

test.describe('main layout', () => {
  test('side menu from the server: submenus, one root open at a time, breadcrumb from 首页, page title', async ({ page }) => {
    await signIn(page);
    const sider = page.getByTestId('side-menu');
    await expect(sider).toHaveClass(/ant-layout-sider-dark/);
    // antd's styles come from the build's stylesheet (build/antd-static-styles.ts): drawn, and none generated in the page.
    await expect(sider.locator('.ant-menu').first()).toHaveCSS('background-color', 'rgb(0, 21, 41)');
    const generated = await page.evaluate(() =>
      [...document.querySelectorAll('style')]
        .filter((s) => /\.ant-(menu|layout|btn|select|tabs|card|form)\b/.test(s.textContent ?? ''))
        .map((s) => s.textContent!.slice(0, 80)),
    );
    expect(generated).toEqual([]);
    expect((await box(sider)).width).toBe(200);
    await sider.getByText('个人页').click();
    await sider.getByText('个人中心').click();
    await expect(page).toHaveURL(/#\/account\/center/);
    await expect(page.getByTestId('breadcrumb')).toHaveText(/首页\s*\/\s*个人页\s*\/\s*个人中心/);
    await expect(page.getByTestId('breadcrumb').getByRole('link', { name: '首页' })).toHaveAttribute('href', '#/dashboard/analysis');
    await expect(page).toHaveTitle('个人中心 - 希望工程后台管理系统');

    await sider.getByText('消息中心').click();
    await expect(sider.locator('.ant-menu-submenu-open')).toHaveCount(1);
    await expect(sider.locator('.ant-menu-submenu-open')).toContainText('消息中心');
    await expect(sider.getByText('个人中心')).toBeHidden();
    await shot(page, 'shell-side-menu');
  });

  test('collapse: 200 px to 80 px and back, remembered across a reload, open submenus restored', async ({ page }) => {
    await signIn(page);
    const sider = page.getByTestId('side-menu');
    await sider.getByText('个人页').click();
    await expect(sider.locator('.ant-menu-submenu-open')).toHaveCount(1);
    await page.getByTestId('menu-toggle').click();
    await expect.poll(async () => (await box(sider)).width).toBe(80);
    await expect(sider.getByText('希望工程')).toHaveCount(0);
    await shot(page, 'shell-collapsed');
    await page.reload();
    await expect.poll(async () => (await box(page.getByTestId('side-menu'))).width).toBe(80);
    await page.getByTestId('menu-toggle').click();
    await expect.poll(async () => (await box(page.getByTestId('side-menu'))).width).toBe(200);
  });

  test('top-menu mode: logo, horizontal menu and user area in the header', async ({ page }) => {
    await signIn(page);
    const drawer = await openSettings(page);
    await drawer.getByRole('radio', { name: '顶部栏导航' }).click();
    await closeSettings(page);
    await expect(page.getByTestId('side-menu')).toHaveCount(0);
    const header = page.getByTestId('global-header');
    await expect(header.locator('.ant-menu-horizontal')).toBeVisible();
    await expect(header.locator('.top-nav-logo')).toBeVisible();
    // Many areas: the later ones fold into the menu's overflow, so this walks the first business area.
    await header.locator('.ant-menu-horizontal').getByText('捐赠管理').hover();
    await page.locator('.ant-menu-submenu-popup:visible').filter({ hasText: '捐赠活动' }).getByText('捐赠活动').click();
    await expect(page).toHaveURL(/#\/donation\/activity/);
    await shot(page, 'shell-top-menu');
  });

  test('menu search filters titles and jumps to the page', async ({ page }) => {
    await signIn(page);
    await page.getByTestId('menu-search').click();
    await page.keyboard.type('设置');
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect(options).toHaveText(['个人设置']);
    await shot(page, 'shell-menu-search');
    await options.first().click();
    await expect(page).toHaveURL(/#\/account\/settings/);
    // Route-view containers are not search results.
    await page.getByTestId('menu-search').click();
    await page.keyboard.type('个人页');
    await expect(page.locator('.ant-select-dropdown:visible')).toContainText('没有匹配的菜单');
  });

  test('mobile at 375 px: the menu is a left drawer that closes after a choice; no tabs; search in a modal', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page);
    await expect(page.getByTestId('side-menu')).toHaveCount(0);
    await expect(page.getByTestId('multi-tab')).toHaveCount(0);
    await expect(page.locator('.header-welcome')).toHaveText('希望工程');
    await page.getByTestId('menu-toggle').click();
    const drawer = page.locator('.side-drawer');
    await expect(drawer).toBeVisible();
    // Polled and rounded: the drawer may still be sliding in (199.9999… px mid-motion).
    await expect.poll(async () => Math.round((await box(drawer)).width)).toBe(200);
    await shot(page, 'shell-mobile-drawer');
    await drawer.getByText('个人页').click();
    await drawer.getByText('个人中心').click();
    await expect(page).toHaveURL(/#\/account\/center/);
    await expect(drawer).toBeHidden();
    await page.getByRole('button', { name: '搜索菜单' }).click();
    await expect(page.locator('.ant-modal').filter({ hasText: '搜索菜单' })).toBeVisible();
    await shot(page, 'shell-mobile-search');
  });

  test('print prints #printContent only', async ({ page }) => {
    await signIn(page, 'admin', { open: false });
    await page.goto('/#/account/center');
    await expect(page.locator('#printContent')).toContainText('admin');
    await page.evaluate(() => {
      (window as any).printed = [];
      window.print = () => (window as any).printed.push(document.body.classList.contains('printing-content'));
    });
    await page.getByTestId('print-button').click();
    expect(await page.evaluate(() => (window as any).printed)).toEqual([true]);
    await expect(page.locator('body')).not.toHaveClass(/printing-content/);
  });

  test('the user area: 密码修改, 切换部门 and 退出登录 for staff; the guest has 登录 and neither 密码修改 nor 切换部门', async ({ page, browser }) => {
    await signIn(page, 'zhangwei');
    await expect(page.getByText('欢迎您，张伟')).toBeVisible();
    await page.getByTestId('user-menu').hover();
    for (const label of ['密码修改', '切换部门', '退出登录']) await expect(page.getByRole('menuitem', { name: label })).toBeVisible();
    await shot(page, 'shell-user-menu');

    const guest = await browser.newPage();
    await guest.goto('/#/dashboard/analysis');
    await expect(guest.getByText('欢迎您，访客')).toBeVisible();
    await guest.getByTestId('user-menu').hover();
    await expect(guest.getByRole('menuitem', { name: '登录' })).toBeVisible();
    await expect(guest.getByRole('menuitem', { name: '密码修改' })).toHaveCount(0);
    await expect(guest.getByRole('menuitem', { name: '切换部门' })).toHaveCount(0);
    await guest.close();
  });
});
