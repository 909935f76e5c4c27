import { expect, type Page, test } from './fixtures.ts';
import { shot, signIn } from './helpers.ts';
import { watchProblems } from './problems.ts';
import { API, input, item, modal, openList, pickOption } from './schema-helpers.ts';

/*
 * Forms that say what is wrong instead of saving nonsense, dialogs that name the record, and pickers
 * where people used to type ids: 捐赠活动's ranges, 轮播图's 跳转目标.
 */

/** Types a date into a form's date picker and confirms it. */
async function typeDate(page: Page, label: string, date: string) {
  const box = item(page, label).locator('.ant-picker input');
  await box.click();
  await box.fill(date);
  await box.press('Enter');
  await expect(box).toHaveValue(date);
}

test('捐赠活动: a negative target and an end before the start are refused in the form, with the messages', async ({ page }) => {
  const problems = await watchProblems(page, { console: false });
  await signIn(page, 'admin', { open: false });
  await openList(page, 'donation/activity');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await expect(modal(page).locator('.ant-modal-title')).toHaveText('新增捐赠活动');
  await input(page, '活动名称').fill('E2E倒序活动');
  await pickOption(page, '活动类别', '助学');
  await input(page, '目标金额').fill('-5');
  await input(page, '目标金额').blur();
  // The value typed stays as typed (no silent 0.00); the message says why it cannot be saved.
  await expect(input(page, '目标金额')).toHaveValue(/^-5(\.00)?$/);
  await expect(item(page, '目标金额')).toContainText('目标金额不能小于0');
  await typeDate(page, '开始日期', '2026-03-10');
  await typeDate(page, '结束日期', '2026-03-01');
  await expect(item(page, '结束日期')).toContainText('结束日期不能早于开始日期');
  await shot(page, 'readable-form-checks');

  const saved = page.waitForResponse((r) => r.url().includes(`${API}/donation/activity/add`), { timeout: 3000 }).catch(() => null);
  await modal(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  expect(await saved).toBeNull();

  // A new start re-checks the end; a valid target clears its message; then it saves.
  await typeDate(page, '开始日期', '2026-02-01');
  await expect(item(page, '结束日期')).not.toContainText('结束日期不能早于开始日期');
  await input(page, '目标金额').fill('1000');
  await expect(item(page, '目标金额')).not.toContainText('目标金额不能小于0');
  await modal(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('添加成功！').last()).toBeVisible();
  expect(problems).toEqual([]);
});

test('轮播图: 跳转目标 picks an article by its title, and the detail names it', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  await openList(page, 'web/carousel');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await expect(modal(page).locator('.ant-modal-title')).toHaveText('新增轮播图');
  await pickOption(page, '跳转类型', '资讯');
  await pickOption(page, '跳转目标', /./);
  const title = (await item(page, '跳转目标').locator('.ant-select-selection-item').innerText()).trim();
  // Another type clears the choice: an article is no activity. 外部链接 is typed in.
  await pickOption(page, '跳转类型', '外部链接');
  await expect(input(page, '跳转目标')).toHaveValue('');
  await input(page, '跳转目标').fill('https://example.org/');
  await pickOption(page, '跳转类型', '资讯');
  await pickOption(page, '跳转目标', title);
  await shot(page, 'readable-form-carousel-target');
  await input(page, '标题').fill('E2E资讯轮播');
  await item(page, '图片')
    .locator('input[type=file]')
    .setInputFiles({
      name: 'b.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
        'hex',
      ),
    });
  await expect(item(page, '图片').locator('.ant-upload-list-item-done')).toHaveCount(1);
  await modal(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('添加成功！').last()).toBeVisible();

  const row = page.getByTestId('data-table').locator('tbody tr').filter({ hasText: 'E2E资讯轮播' });
  await row.getByText('详情', { exact: true }).click();
  const target = page.locator('.ant-drawer-content-wrapper:visible [data-field="linkTarget"]');
  await expect(target).toHaveText(title);
});
