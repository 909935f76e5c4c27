import { expect, test } from './fixtures.ts';
import { shot, signIn, storedToken } from './helpers.ts';
import { API, openList, rows } from './schema-helpers.ts';

/*
 * The last query views and buttons of the spec's maps (issue 20, item 7): the popup query view (捐赠团队's
 * 队长 picked from the 用户 report), 配置地址 (getUrl) and a printable detail (isPrint on 捐赠记录).
 */

test('the popup query view picks 队长 from the 用户 report and filters the teams by it', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  const token = (await storedToken(page))!;
  const headers = { 'X-Access-Token': token };
  const activity = (await (await page.request.get(`${API}/donation/activity/list?pageSize=1`, { headers })).json()).result.records[0];
  const added = await page.request.post(`${API}/donation/team/add`, {
    headers,
    data: { teamName: 'E2E查询弹框团队', activityId: activity.id, status: '1', leaderName: '管理员' },
  });
  expect((await added.json()).success).toBe(true);

  await openList(page, 'donation/team');
  const bar = page.getByTestId('query-bar');
  await bar.getByText('展开').click();
  await bar.getByTestId('query-popup-leaderName').click();
  const popup = page.locator('.report-popup');
  await expect(popup.locator('.ant-modal-title')).toHaveText('用户');
  await popup.getByPlaceholder('请输入账号').fill('admin');
  await popup.getByRole('button', { name: /查\s*询/ }).click();
  const found = popup.locator('.ant-table-tbody tr.ant-table-row');
  await expect(found).toHaveCount(1);
  await found.first().click();
  await popup.getByRole('button', { name: /确\s*定/ }).click();
  await expect(popup).toHaveCount(0);
  await expect(bar.getByTestId('query-popup-leaderName')).toHaveValue('管理员');
  await bar.getByRole('button', { name: /查\s*询/ }).click();
  await expect(rows(page).filter({ hasText: 'E2E查询弹框团队' })).toHaveCount(1);
  await expect(rows(page)).toHaveCount(await rows(page).filter({ hasText: '管理员' }).count());
  await shot(page, 'query-view-popup');
});

test('配置地址 shows where a screen lives; a printable detail prints alone', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  await openList(page, 'donation/record');
  await page.getByTestId('get-url').click();
  const addresses = page.getByTestId('get-url-addresses');
  await expect(addresses).toContainText('#/donation/record');
  await expect(addresses).toContainText('schema/donation/record');
  await expect(addresses).toContainText(`${API}/donation/record/list`);
  await shot(page, 'get-url');
  await page.keyboard.press('Escape');

  await rows(page).first().getByText('详情', { exact: true }).click();
  await expect(page.getByTestId('detail-view')).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void (window as unknown as { printed: number }).printed++;
  });
  await page.getByTestId('detail-print').click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  // On paper: the detail alone, no side menu.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('side-menu')).not.toBeVisible();
  await expect(page.getByTestId('detail-view')).toBeVisible();
  await shot(page, 'detail-print');
  await page.emulateMedia({ media: 'screen' });
});
