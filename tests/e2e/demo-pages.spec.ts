import { expect, test } from './fixtures.ts';
import { shot, signIn } from './helpers.ts';
import { input, item, modal, openList, save } from './schema-helpers.ts';

/*
 * 示例页面 (issue 20, item 6): 志愿者登记 is a step form (the steps layout: one card per step, 下一步 checks
 * the step's fields, a save failing on another step goes there) over a card list (list.view "card").
 */

test('a volunteer registers through the step form and shows as a card', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  await openList(page, 'demo/volunteer');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const steps = modal(page).getByTestId('form-steps');
  await expect(steps.locator('.ant-steps-item-title')).toHaveText(['基本信息', '服务意向', '照片与确认']);

  await input(page, '姓名').fill('李志愿');
  await steps.getByRole('button', { name: '下一步' }).click();
  await expect(modal(page).getByText('请输入手机号')).toBeVisible();
  await expect(steps.locator('.ant-steps-item-process')).toContainText('基本信息');
  await input(page, '手机号').fill('13800001111');
  await steps.getByRole('button', { name: '下一步' }).click();
  await expect(steps.locator('.ant-steps-item-process')).toContainText('服务意向');
  await input(page, '可服务时间').fill('每周六上午');
  await shot(page, 'demo-step-form');

  // 确定 from the first step with 服务意向 missing: the form goes to the step holding it.
  await steps.getByRole('button', { name: '上一步' }).click();
  await expect(steps.locator('.ant-steps-item-process')).toContainText('基本信息');
  await modal(page).getByRole('button', { name: /确\s*定/ }).click();
  await expect(modal(page).getByText('请选择服务意向')).toBeVisible();
  await expect(steps.locator('.ant-steps-item-process')).toContainText('服务意向');
  await item(page, '服务意向').getByText('助学支教').click();
  await item(page, '技能').getByText('教学').click();
  await save(page, '添加成功！');

  const card = page.getByTestId('record-card').filter({ hasText: '李志愿' });
  await expect(card).toContainText('助学支教');
  await expect(card).toContainText('每周六上午');
  await expect(card).toContainText('待审核');
  await expect(card).toContainText('138****1111');
  await shot(page, 'demo-card-list');
  await card.getByText('详情', { exact: true }).click();
  await expect(page.getByTestId('detail-view')).toContainText('教学');
});
