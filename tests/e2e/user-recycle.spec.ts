import { expect, test } from './fixtures.ts';
import { shot, signIn, storedToken } from './helpers.ts';
import { API, rows } from './schema-helpers.ts';

/*
 * 用户管理's recycle bin: a deleted user leaves the list, shows under 回收站 and comes back with 还原.
 */

test('a deleted user is listed in the recycle bin and restored', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  const token = (await storedToken(page))!;
  const added = await page.request.post(`${API}/sys/user/add`, {
    headers: { 'X-Access-Token': token },
    data: { username: 'e2e_recycled', realname: 'E2E回收用户', password: 'Staff#2026a' },
  });
  expect((await added.json()).success).toBe(true);

  await page.goto('/#/system/user');
  await expect(page.getByTestId('list-system/user')).toBeVisible();
  const bar = page.getByTestId('query-bar');
  await bar.getByPlaceholder('请输入用户账号').fill('e2e_recycled');
  await bar.getByRole('button', { name: /查\s*询/ }).click();
  const row = rows(page).filter({ hasText: 'E2E回收用户' });
  await row.getByText('删除').click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(rows(page).filter({ hasText: 'E2E回收用户' })).toHaveCount(0);

  await page.getByRole('button', { name: /回收站/ }).click();
  const bin = page.getByTestId('recycle-bin');
  await expect(bin).toContainText('E2E回收用户');
  await shot(page, 'system-user-recycle', { fullPage: true });
  await bin.locator('tr', { hasText: 'E2E回收用户' }).getByText('还原').click();
  await expect(page.getByText('还原成功!')).toBeVisible();
  await page.locator('.ant-modal-close').click();
  await expect(rows(page).filter({ hasText: 'E2E回收用户' })).toHaveCount(1);
});
