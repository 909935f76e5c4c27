import { expect, test } from './fixtures.ts';
import { shot, signIn } from './helpers.ts';
import { input, item, modal, openList, rows, save } from './schema-helpers.ts';

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
  await modal(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();
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
  // 详情 opens the volunteer as a page (a basic profile) where 通过 moves the status.
  await card.getByText('详情', { exact: true }).click();
  const record = page.getByTestId('record-page-demo/volunteer');
  await expect(record.locator('h2')).toHaveText('志愿者登记：李志愿');
  await expect(record.getByTestId('detail-view')).toContainText('教学');
  await record.getByTestId('transition-2').click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(record.getByTestId('record-status')).toHaveText('已通过');
  await shot(page, 'demo-basic-profile', { fullPage: true });
});

/*
 * The rest of 示例页面: 意见反馈 is a form as a whole page (menu.screen "form") ending on a result page;
 * 物资申领 an advanced form (cards, grids, a sub-table) whose record opens as a page with its progress,
 * status steps and 操作记录; 待办事项 a backlog moved along its steps; 服务站点 a table list over a
 * three-column grid form with the region select.
 */

test('feedback is sent from a form page and ends on a success or a failure page', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  await page.goto('/#/demo/feedback');
  const screen = page.getByTestId('form-screen-demo/feedback');
  await expect(input(page, '标题', screen)).toBeVisible();
  await screen.getByRole('button', { name: /提\s*交/ }).click();
  await expect(screen.getByText('请输入标题')).toBeVisible();
  await expect(screen.getByText('请输入反馈内容')).toBeVisible();

  await input(page, '标题', screen).fill('捐赠证书希望支持下载 PDF');
  await input(page, '反馈内容', screen).fill('目前只能截图保存，希望能下载 PDF 版本的捐赠证书。');
  await input(page, '联系电话', screen).fill('13912345678');
  await shot(page, 'demo-basic-form');
  await screen.getByRole('button', { name: /提\s*交/ }).click();
  await expect(screen.locator('.ant-result-success')).toContainText('提交成功');
  await expect(screen).toContainText('感谢您的反馈');
  await shot(page, 'demo-result-success');
  await screen.getByRole('button', { name: '查看提交内容' }).click();
  await expect(page.getByTestId('detail-view')).toContainText('捐赠证书希望支持下载 PDF');
  await expect(page.getByTestId('detail-view')).toContainText('待处理');
  await page.locator('.detail-drawer .ant-drawer-close').click();

  // 再填一份 starts again from the defaults.
  await screen.getByRole('button', { name: '再填一份' }).click();
  await expect(input(page, '标题', screen)).toHaveValue('');

  // A refusal from the server ends on 提交失败 with its reason; 返回修改 brings back what was typed.
  await page.route('**/demo/feedback/add*', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, code: 500, message: '反馈服务维护中，请稍后再试', result: null }),
    }),
  );
  await input(page, '标题', screen).fill('第二条反馈');
  await input(page, '反馈内容', screen).fill('内容');
  await screen.getByRole('button', { name: /提\s*交/ }).click();
  await expect(screen.locator('.ant-result-error')).toContainText('提交失败');
  await expect(screen.locator('.ant-result-error')).toContainText('反馈服务维护中，请稍后再试');
  await shot(page, 'demo-result-failure');
  await screen.getByRole('button', { name: '返回修改' }).click();
  await expect(input(page, '标题', screen)).toHaveValue('第二条反馈');
});

test('a material request gets an item, is submitted and approved on its record page', async ({ page }) => {
  const TITLE = '乡村音乐课乐器';
  await signIn(page, 'admin', { open: false });
  await openList(page, 'demo/material');
  const row = rows(page).filter({ hasText: TITLE });
  await expect(row).toContainText('待提交');
  await expect(row).toContainText('40');

  // The advanced form: cards of grids and the 物资明细 sub-table.
  await row.getByText('编辑', { exact: true }).click();
  await expect(input(page, '申领事由')).toHaveValue(TITLE);
  await modal(page)
    .getByRole('button', { name: /新增一行/ })
    .click();
  const added = modal(page).locator('.ant-formily-array-table tbody tr.ant-table-row').last();
  await added.locator('input').first().fill('竖笛');
  await added.locator('.ant-input-number input').fill('25');
  await shot(page, 'demo-advanced-form');
  await save(page, '编辑成功!');
  await expect(row).toContainText('65');

  // 详情 opens the record as a page: heading, status, progress, moves.
  await row.getByText('详情', { exact: true }).click();
  const record = page.getByTestId('record-page-demo/material');
  await expect(record.locator('h2')).toHaveText(`物资申领：${TITLE}`);
  await expect(record.getByTestId('record-status')).toHaveText('待提交');
  await expect(record.locator('.record-progress .ant-steps-item-process')).toContainText('待提交');
  await expect(record.locator('.child-list')).toContainText('竖笛');
  await expect(record.locator('.child-list')).toContainText('口琴');
  await record.getByTestId('transition-2').click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(record.getByTestId('record-status')).toHaveText('待审核');
  await record.getByTestId('transition-3').click();
  await page.getByTestId('transition-form').locator('textarea, input').first().fill('同意，请按时发放');
  await modal(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(record.getByTestId('record-status')).toHaveText('已通过');
  await expect(record.locator('.record-progress .ant-steps-item-process')).toContainText('已通过');
  await expect(record.getByTestId('detail-view')).toContainText('同意，请按时发放');
  // Approved requests are locked: no 编辑 any more.
  await expect(record.getByRole('button', { name: /编\s*辑/ })).toHaveCount(0);
  await shot(page, 'demo-advanced-profile', { fullPage: true });

  await record.getByRole('tab', { name: '操作记录' }).click();
  await expect(record.getByTestId('history-item').first()).toContainText('状态：待审核 → 已通过');
  await expect(record.getByTestId('history-item').first()).toContainText('审核意见');
  await expect(record.getByTestId('history-item').last()).toContainText('添加');
  await shot(page, 'demo-record-history');
  await record.getByTestId('record-back').click();
  await expect(page.getByTestId('list-demo/material')).toBeVisible();
  await expect(rows(page).filter({ hasText: TITLE })).toContainText('已通过');
});

test('a backlog item is started and finished, and its page shows where it stands', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  await openList(page, 'demo/todo');
  const row = rows(page).filter({ hasText: '更新官网活动新闻' });
  await expect(row).toContainText('待办');
  await row.getByTestId('transition-2').click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(row).toContainText('进行中');
  await row.getByTestId('transition-3').click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(row).toContainText('已完成');
  await shot(page, 'demo-backlog');
  await row.getByText('详情', { exact: true }).click();
  const record = page.getByTestId('record-page-demo/todo');
  await expect(record.locator('.record-progress .ant-steps-item-finish')).toHaveCount(3);
  await expect(record.getByTestId('transition-1')).toHaveText('重新打开');
  await expect(record.getByTestId('detail-view')).toContainText('张伟');
});

test('service stations list their regions by name and are edited in a three-column grid', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  await openList(page, 'demo/station');
  await expect(rows(page).filter({ hasText: '巴东县野三关镇服务点' })).toContainText('湖北省');
  await expect(rows(page).filter({ hasText: '巴东县野三关镇服务点' })).toContainText('王芳');
  await expect(rows(page).filter({ hasText: '巴东县野三关镇服务点' })).toContainText('否');
  // The region as linked selects (areaType select): the city appears once a province is chosen.
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const region = item(page, '所在地区');
  await expect(region.locator('.ant-select')).toHaveCount(1);
  await region.locator('.ant-select').first().click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: /^北京市$/ })
    .click();
  await expect(region.locator('.ant-select')).toHaveCount(2);
  await shot(page, 'demo-station-form');
});
