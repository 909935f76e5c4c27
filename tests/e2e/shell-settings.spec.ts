import { expect, type Page, test } from './fixtures.ts';
import { shot, signIn } from './helpers.ts';
import { box, closeSettings, openSettings } from './shell-helpers.ts';

/*
 * Each switch of the settings drawer takes effect at once and survives a reload (local storage), and
 * the dependent switches follow the rules of spec section 4.
 */

const layout = (page: Page) => page.getByTestId('basic-layout');
const row = (page: Page, testId: string) => page.getByTestId(testId);
const switchIn = (page: Page, testId: string) => row(page, testId).getByRole('switch');

async function reloadSignedIn(page: Page) {
  await page.reload();
  await expect(layout(page)).toBeVisible();
}

test.describe('settings drawer', () => {
  test('opens on the right, 300 px wide, with the development-preview note', async ({ page }) => {
    await signIn(page);
    const drawer = await openSettings(page);
    const panel = page.locator('.ant-drawer-content-wrapper').filter({ has: drawer });
    await expect.poll(async () => (await box(panel)).width).toBe(300);
    await expect.poll(async () => Math.round((await box(panel)).x) + 300).toBe(page.viewportSize()!.width);
    await expect(drawer).toContainText('该设置仅用于开发环境预览');
    await shot(page, 'shell-settings-drawer');
  });

  test('menu theme: dark by default, light when chosen, still light after a reload', async ({ page }) => {
    await signIn(page);
    await expect(page.getByTestId('side-menu')).toHaveClass(/ant-layout-sider-dark/);
    const drawer = await openSettings(page);
    await drawer.getByRole('radio', { name: '亮色菜单风格' }).click();
    await expect(page.getByTestId('side-menu')).toHaveClass(/ant-layout-sider-light/);
    await closeSettings(page);
    await reloadSignedIn(page);
    await expect(page.getByTestId('side-menu')).toHaveClass(/ant-layout-sider-light/);
    await shot(page, 'shell-settings-light');
  });

  test('primary colour: one of the 8 presets recolours the components, and stays', async ({ page }) => {
    await signIn(page);
    const selected = page.getByTestId('side-menu').locator('.ant-menu-item-selected');
    await expect(selected).toHaveCSS('background-color', 'rgb(24, 144, 255)');
    const drawer = await openSettings(page);
    await expect(drawer.getByTestId('setting-colors').getByRole('radio')).toHaveCount(8);
    await drawer.getByRole('radio', { name: '酱紫' }).click();
    await expect(selected).toHaveCSS('background-color', 'rgb(114, 46, 209)');
    await closeSettings(page);
    await reloadSignedIn(page);
    await expect(page.getByTestId('side-menu').locator('.ant-menu-item-selected')).toHaveCSS('background-color', 'rgb(114, 46, 209)');
    await shot(page, 'shell-settings-colour');
  });

  test('navigation mode and content width: top menu turns the fixed side menu off, Fluid exists only there', async ({ page }) => {
    await signIn(page);
    const drawer = await openSettings(page);
    await switchIn(page, 'setting-fixed-sider').click();
    await expect(layout(page)).toHaveClass(/fixed-sider/);
    // Side-menu mode offers Fixed width only.
    await row(page, 'setting-content-width').locator('.ant-select').click();
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText(['固定']);
    await page.keyboard.press('Escape');

    await drawer.getByRole('radio', { name: '顶部栏导航' }).click();
    await expect(layout(page)).toHaveClass(/layout-topmenu/);
    await expect(layout(page)).not.toHaveClass(/fixed-sider/);
    await expect(switchIn(page, 'setting-fixed-sider')).toBeDisabled();
    await expect(switchIn(page, 'setting-fixed-sider')).not.toBeChecked();

    await row(page, 'setting-content-width').locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible').getByText('流式').click();
    await expect(page.locator('.content-width-fluid')).toBeVisible();
    await closeSettings(page);
    await reloadSignedIn(page);
    await expect(layout(page)).toHaveClass(/layout-topmenu/);
    await expect(page.locator('.content-width-fluid')).toBeVisible();

    await openSettings(page);
    await row(page, 'setting-content-width').locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible').getByText('固定').click();
    await closeSettings(page);
    const content = page.locator('.content-width-fixed');
    await expect(content).toBeVisible();
    expect((await box(content)).width).toBeLessThanOrEqual(1200);
    await reloadSignedIn(page);
    await expect(page.locator('.content-width-fixed')).toBeVisible();
    await shot(page, 'shell-settings-topmenu-fixed');
  });

  test('fixed side menu stays put while the page scrolls, and stays switched on', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 500 });
    await signIn(page);
    await openSettings(page);
    await switchIn(page, 'setting-fixed-sider').click();
    await closeSettings(page);
    await expect(page.getByTestId('side-menu')).toHaveCSS('position', 'fixed');
    await reloadSignedIn(page);
    await expect(page.getByTestId('side-menu')).toHaveCSS('position', 'fixed');
    await page.evaluate(() => ((document.querySelector('.layout-content') as HTMLElement).style.minHeight = '3000px'));
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    expect((await box(page.getByTestId('side-menu'))).y).toBe(0);
  });

  test('fixed header with 59 px padding; hide on scroll needs it, hides past 100 px, and follows it off', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 500 });
    await signIn(page);
    await openSettings(page);
    await expect(switchIn(page, 'setting-auto-hide')).toBeDisabled();
    await switchIn(page, 'setting-fixed-header').click();
    await expect(page.getByTestId('global-header')).toHaveCSS('position', 'fixed');
    await expect(page.locator('.main-layout')).toHaveCSS('padding-top', '59px');
    await expect(switchIn(page, 'setting-auto-hide')).toBeEnabled();
    await switchIn(page, 'setting-auto-hide').click();
    await closeSettings(page);
    await reloadSignedIn(page);
    await expect(page.getByTestId('global-header')).toHaveCSS('position', 'fixed');

    await page.evaluate(() => ((document.querySelector('.layout-content') as HTMLElement).style.minHeight = '3000px'));
    await page.mouse.wheel(0, 50);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(50);
    await expect(page.getByTestId('global-header')).not.toHaveClass(/global-header-hidden/);
    await page.mouse.wheel(0, 400);
    await expect(page.getByTestId('global-header')).toHaveClass(/global-header-hidden/);
    await expect.poll(async () => (await box(page.getByTestId('global-header'))).y).toBeLessThanOrEqual(-59);
    await shot(page, 'shell-settings-header-hidden');
    await page.mouse.wheel(0, -100);
    await expect(page.getByTestId('global-header')).not.toHaveClass(/global-header-hidden/);

    await page.evaluate(() => window.scrollTo(0, 0));
    await openSettings(page);
    await switchIn(page, 'setting-fixed-header').click();
    await expect(switchIn(page, 'setting-auto-hide')).not.toBeChecked();
    await expect(switchIn(page, 'setting-auto-hide')).toBeDisabled();
    await closeSettings(page);
    await reloadSignedIn(page);
    await expect(page.getByTestId('global-header')).not.toHaveCSS('position', 'fixed');
  });

  test('colour-weak mode and multi-tab mode', async ({ page }) => {
    await signIn(page);
    await expect(page.getByTestId('multi-tab')).toBeVisible();
    await openSettings(page);
    await switchIn(page, 'setting-weak').click();
    await expect(page.locator('body')).toHaveClass(/colorWeak/);
    await switchIn(page, 'setting-multipage').click();
    await expect(page.getByTestId('multi-tab')).toHaveCount(0);
    await closeSettings(page);
    await shot(page, 'shell-settings-weak');
    await reloadSignedIn(page);
    await expect(page.locator('body')).toHaveClass(/colorWeak/);
    await expect(page.getByTestId('multi-tab')).toHaveCount(0);
    expect(
      await page.evaluate(() =>
        [localStorage.getItem('pro__DEFAULT_COLOR_WEAK'), localStorage.getItem('pro__DEFAULT_MULTI_PAGE')].map((v) => JSON.parse(v!).value),
      ),
    ).toEqual([true, false]);
  });
});
