import { expect, type Page, test } from './fixtures.ts';
import type { MenuNode } from '../../src/core/api-types.ts';
import { SHOOTING, shot, signIn, storedToken } from './helpers.ts';
import { watchProblems } from './problems.ts';
import { API } from './schema-helpers.ts';

/*
 * Walks every screen of the admin's menu at the two widths staff use, and fails on any unhandled
 * rejection, uncaught error or console error met on the way. Each screen is photographed into
 * .tmp/screenshots/walk-<width>/ for the screenshot review. Where no screenshots are taken (CI), the
 * narrower width alone: the errors a screen meets do not depend on the width, and the second walk was a
 * minute of CI's time for nobody to look at.
 */

interface Screen {
  path: string;
  title: string;
}

/** The menu's leaves a person can open: not hidden, not containers, not external addresses. */
function screensOf(menu: MenuNode[], trail: string[] = []): Screen[] {
  return menu.flatMap((m) => {
    const title = [...trail, m.meta.title];
    if (m.children?.length) return screensOf(m.children, title);
    if (m.hidden || m.route === '0' || m.meta.internalOrExternal || /^https?:/.test(m.path)) return [];
    return [{ path: m.path, title: title.join(' › ') }];
  });
}

async function menuScreens(page: Page): Promise<Screen[]> {
  const token = await storedToken(page);
  const res = await page.request.get(`${API}/sys/permission/getUserPermissionByToken`, { headers: { 'X-Access-Token': token! } });
  const body = await res.json();
  return screensOf(body.result.menu as MenuNode[]);
}

/** Waits for a screen to finish loading: no spinner, lists with their totals. */
async function settle(page: Page, title: string) {
  // The browser title names the screen once the route has changed (hash navigation does not wait by itself).
  await expect(page).toHaveTitle(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} - `));
  await expect(page.locator('.ant-spin-spinning, .ant-spin-blur')).toHaveCount(0, { timeout: 15_000 });
  const list = page.locator('.list-pagination:visible');
  if (await list.count()) await expect(list.first()).toContainText('共');
  if (!SHOOTING) return;
  // Before the picture: transitions of menus, tabs and charts end, and a second round of loading (a list
  // asked again once its document arrived, charts after their data) is waited for too.
  await page.waitForTimeout(400);
  await expect(page.locator('.ant-spin-spinning, .ant-spin-blur')).toHaveCount(0, { timeout: 15_000 });
  await page.waitForTimeout(300);
}

const fileName = (path: string) => path.replace(/^\/+/, '').replace(/[^\w-]+/g, '_') || 'root';

const WIDTHS = [[1366, 768], ...(SHOOTING ? [[1920, 1080]] : [])] as const;

for (const [width, height] of WIDTHS) {
  test(`every menu screen at ${width}×${height} opens without errors`, async ({ page }) => {
    test.setTimeout(600_000);
    await page.setViewportSize({ width, height });
    const problems = await watchProblems(page);
    await signIn(page, 'admin', { open: false });
    const screens = await menuScreens(page);
    expect(screens.length).toBeGreaterThan(30);
    const failures: string[] = [];
    for (const [i, screen] of screens.entries()) {
      const before = problems.length;
      // The first screen loads the client; the rest are reached as a person reaches them, without a reload.
      if (i === 0) await page.goto(`/#${screen.path}`);
      else await page.evaluate((path) => (location.hash = path), screen.path);
      const title = screen.title.split(' › ').pop()!;
      await settle(page, title);
      await shot(page, `walk-${width}/${fileName(screen.path)}`);
      // The breadcrumb names the screen, not only 首页.
      const crumbs = await page.getByTestId('breadcrumb').innerText();
      if (!crumbs.includes(title)) failures.push(`${screen.path}: breadcrumb "${crumbs}"`);
      for (const p of problems.slice(before)) failures.push(`${screen.path} (${screen.title}): ${p}`);
    }
    // Reached from 在线表单 rather than the menu: the form designer, whose toolbar stays on one line.
    await page.evaluate(() => (location.hash = '/online/desform/designer'));
    await settle(page, '表单设计器');
    await shot(page, `walk-${width}/online_desform_designer`);
    const toolbar = (await page.locator('.fd-toolbar').boundingBox())!;
    if (toolbar.height > 48) failures.push(`designer toolbar wraps: ${toolbar.height}px high`);
    expect(failures).toEqual([]);
  });
}
