import { expect, type Page, test } from './fixtures.ts';
import { shot, signIn } from './helpers.ts';
import { expectToast } from './shell-helpers.ts';

const tabTitles = (page: Page) => page.getByTestId('multi-tab').getByTestId('tab-title');
const tab = (page: Page, title: string) => page.getByTestId('multi-tab').locator('.ant-tabs-tab').filter({ hasText: title });

/** Each tab has its own menu: the last one must be gone (not just fading) before the next opens. */
async function contextMenu(page: Page, title: string, action: string) {
  await expect(page.locator('.ant-dropdown:visible')).toHaveCount(0);
  await tab(page, title).getByTestId('tab-title').click({ button: 'right' });
  await page.locator('.ant-dropdown:visible').getByText(action).click();
}

async function openFour(page: Page) {
  await signIn(page, 'admin', { open: false });
  for (const [path, title] of [
    ['/account/center', '个人中心'],
    ['/account/settings', '个人设置'],
    ['/isps/userAnnouncement', '我的消息'],
  ]) {
    await page.goto(`/#${path}`);
    await expect(page.getByTestId('breadcrumb')).toContainText(title);
  }
  await expect(tabTitles(page)).toHaveText(['首页', '个人中心', '个人设置', '我的消息']);
}

test.describe('multi-tab mode', () => {
  test('a tab per page, home first; the document title follows the page', async ({ page }) => {
    await openFour(page);
    await expect(page).toHaveTitle('我的消息 - 希望工程后台管理系统');
    await tab(page, '个人中心').click();
    await expect(page).toHaveURL(/#\/account\/center/);
    await expect(page).toHaveTitle('个人中心 - 希望工程后台管理系统');
    await shot(page, 'shell-tabs');
  });

  test('home cannot be closed; closing the active tab moves to its left neighbour', async ({ page }) => {
    await openFour(page);
    await tab(page, '首页').locator('.ant-tabs-tab-remove').click();
    await expectToast(page, '首页不能关闭!');
    await shot(page, 'shell-tabs-home-refused');
    await expect(tabTitles(page)).toHaveCount(4);
    await tab(page, '我的消息').locator('.ant-tabs-tab-remove').click();
    await expect(tabTitles(page)).toHaveText(['首页', '个人中心', '个人设置']);
    await expect(page).toHaveURL(/#\/account\/settings/);
  });

  test('context menu: close right, close left, close others, and the last tab cannot be closed', async ({ page }) => {
    await openFour(page);
    await tab(page, '个人设置').getByTestId('tab-title').click({ button: 'right' });
    await expect(page.locator('.ant-dropdown:visible')).toContainText('刷新');
    await shot(page, 'shell-tabs-context-menu');
    await page.locator('.ant-dropdown:visible').getByText('关闭右侧').click();
    await expect(tabTitles(page)).toHaveText(['首页', '个人中心', '个人设置']);
    await expect(page).toHaveURL(/#\/account\/settings/);

    await contextMenu(page, '个人设置', '关闭左侧');
    await expect(tabTitles(page)).toHaveText(['首页', '个人设置']);

    await page.goto('/#/account/center');
    await expect(tabTitles(page)).toHaveText(['首页', '个人设置', '个人中心']);
    await contextMenu(page, '首页', '关闭其它');
    await expect(tabTitles(page)).toHaveText(['首页']);
    await expect(page).toHaveURL(/#\/dashboard\/analysis/);

    await tab(page, '首页').locator('.ant-tabs-tab-remove').click();
    await expectToast(page, '这是最后一页，不能再关闭了啦');
    await shot(page, 'shell-tabs-last-refused');
    await expect(tabTitles(page)).toHaveText(['首页']);
  });

  test('刷新 remounts the page; keepAlive keeps a page as it was while another tab is shown', async ({ page }) => {
    await signIn(page, 'admin', { open: false });
    // The form fills itself from the server's answer: typing before it arrives would be overwritten.
    const loaded = page.waitForResponse((r) => r.url().includes('/login/setting/getUserData'));
    await page.goto('/#/account/settings');
    await loaded;
    const realname = page.getByTestId('base-setting').getByLabel('姓名');
    await expect(realname).toHaveValue('管理员');
    await realname.fill('半途编辑');
    // 个人设置 is keepAlive: a visit elsewhere keeps the half-edited form.
    await page.goto('/#/account/center');
    await expect(page.locator('#printContent')).toBeVisible();
    await tab(page, '个人设置').click();
    await expect(page.getByTestId('base-setting').getByLabel('姓名')).toHaveValue('半途编辑');
    // 个人中心 is not: it mounts afresh (its card loads again).
    await contextMenu(page, '个人设置', '刷新');
    await expect(page.getByTestId('base-setting').getByLabel('姓名')).toHaveValue('管理员');
  });

  test('a tab title stored in local storage overrides the menu title, and names the document', async ({ page }) => {
    await signIn(page, 'admin', { open: false });
    await page.evaluate(() => localStorage.setItem('pro__route:title:/account/center', JSON.stringify({ value: '我的主页', expire: null })));
    await page.goto('/#/account/center');
    await expect(tab(page, '我的主页')).toBeVisible();
    await expect(page).toHaveTitle('我的主页 - 希望工程后台管理系统');
  });
});
