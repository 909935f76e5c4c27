import { expect, type Page, test } from './fixtures.ts';
import { shot, signIn, storedToken } from './helpers.ts';
import { API, openList, rows } from './schema-helpers.ts';
import { bellCount, box, expectToast } from './shell-helpers.ts';

/** Signs in and waits until the live channel is open, so no push can slip past before it. */
async function signInLive(page: Page, username: string) {
  const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/websocket/'));
  await signIn(page, username);
  const ws = await socket;
  expect(ws.url()).not.toContain('token=');
  await expect.poll(() => bellCount(page)).toBeGreaterThan(0);
}

/**
 * Writes a draft with this HTML through the schema screen's API (the form's rich-text editor cannot type
 * raw HTML; the server's sanitiser is what is under test), then releases it from the 系统通告 list.
 */
async function releaseAsAdmin(admin: Page, title: string, content: string) {
  const token = await storedToken(admin);
  const added = await admin.request.post(`${API}/system/announcement/add`, {
    headers: { 'X-Access-Token': token ?? '' },
    data: { titile: title, msgContent: content, priority: 'H', msgCategory: '1', msgType: 'ALL' },
  });
  expect((await added.json()).success).toBe(true);
  await openList(admin, 'system/announcement');
  const row = rows(admin).filter({ hasText: title });
  await expect(row).toContainText('未发布');
  await row.getByTestId('op-release').click();
  await admin
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expectToast(admin, '该系统通知发布成功');
  await expect(row).toContainText('已发布');
}

test.describe('announcements and live notifications', () => {
  test('admin releases an announcement; the bell of a signed-in user rises without a reload, opening it drops it', async ({ browser }) => {
    const adminContext = await browser.newContext();
    const staffContext = await browser.newContext();
    const admin = await adminContext.newPage();
    const staff = await staffContext.newPage();
    try {
      await signInLive(staff, 'zhangwei');
      const before = await bellCount(staff);
      await signIn(admin, 'admin');
      const title = `紧急通知 ${Date.now()}`;
      await releaseAsAdmin(admin, title, '<p>请<b>立即</b>核对名单</p><script>window.hacked = 1</script><img src="x" onerror="window.hacked = 2">');
      await shot(admin, 'shell-notice-admin-released');

      await expect.poll(() => bellCount(staff), { timeout: 15_000 }).toBe(before + 1);
      await staff.getByTestId('notice-bell').click();
      const popover = staff.getByTestId('notice-popover');
      await expect(popover).toBeVisible();
      await expect.poll(async () => Math.round((await box(popover)).width)).toBe(300);
      const item = popover.locator('.notice-item').filter({ hasText: title });
      await expect(item.locator('.ant-tag')).toHaveText('紧急');
      await expect(item.locator('.ant-tag')).toHaveClass(/ant-tag-red/);
      await shot(staff, 'shell-notice-bell');

      await item.click();
      const modal = staff.locator('.announcement-modal');
      await expect(modal.locator('.ant-modal-title')).toContainText('通知消息');
      const view = staff.getByTestId('announcement-view');
      await expect(view).toContainText(title);
      await expect(view).toContainText('发布人：管理员');
      await expect(view.locator('.announcement-content b')).toHaveText('立即');
      await expect(modal.getByRole('button', { name: '去处理' })).toHaveCount(0);
      expect(await staff.evaluate(() => (window as any).hacked)).toBeUndefined();
      await expect.poll(async () => Math.round((await box(modal)).width)).toBe(Math.round(staff.viewportSize()!.width * 0.6));
      await shot(staff, 'shell-notice-modal');
      await modal.getByRole('button', { name: '全屏' }).click();
      await expect.poll(async () => Math.round((await box(modal)).width)).toBe(staff.viewportSize()!.width);
      await modal.getByRole('button', { name: /关\s*闭/ }).click();
      await expect.poll(() => bellCount(staff)).toBe(before);
    } finally {
      await adminContext.close();
      await staffContext.close();
    }
  });

  test('my announcements: paged, filtered by read state; 去处理 opens the page of an url announcement', async ({ page }) => {
    await signIn(page, 'zhangwei');
    await page.getByTestId('notice-bell').click();
    await page.getByTestId('notice-popover').getByRole('button', { name: '查看更多' }).click();
    await expect(page).toHaveURL(/#\/isps\/userAnnouncement/);
    const list = page.getByTestId('my-announcements');
    await expect(list.locator('.ant-pagination-total-text')).toHaveText(/^1-\d+ 共\d+条$/);
    await list.getByText('未读', { exact: true }).first().click();
    const row = list.locator('.ant-table-row').filter({ hasText: '请完善您的个人信息' });
    await expect(row).toContainText('未读');
    await shot(page, 'shell-my-announcements');
    await row.getByText('查看').click();
    const modal = page.locator('.announcement-modal');
    await expect(modal.getByRole('button', { name: '去处理' })).toBeVisible();
    await modal.getByRole('button', { name: '去处理' }).click();
    await expect(page).toHaveURL(/#\/account\/settings/);
    await page.goto('/#/isps/userAnnouncement');
    await page.getByTestId('my-announcements').getByText('已读', { exact: true }).first().click();
    await expect(page.getByTestId('my-announcements').locator('.ant-table-row').filter({ hasText: '请完善您的个人信息' })).toContainText('已读');
  });
});
