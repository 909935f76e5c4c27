import { expect, type Page, test } from './fixtures.ts';
import { shot, signIn, storedToken } from './helpers.ts';

/*
 * The popup picker end to end: on 捐赠团队's form, 队长姓名 is a popup over the online report 用户
 * (report_user). Choosing a user fills 队长姓名 and 队长电话 (orgFields realname,phone → destFields
 * leader_name,leader_phone), and the team saves with them.
 */
const API = '/hope-boot';
const PHONE = '13912345678';
const TEAM = 'E2E弹框团队';

const modal = (page: Page) => page.locator('.ant-modal').filter({ has: page.locator('.ant-formily-item') });
const item = (page: Page, label: string) =>
  modal(page)
    .locator('.ant-formily-item')
    .filter({ has: page.locator('.ant-formily-item-label-content label', { hasText: new RegExp(`^${label}$`) }) });
const popup = (page: Page) => page.locator('.report-popup');

test('a fundraiser fills 队长 from the 用户 report through the popup and saves the team', async ({ page }) => {
  await signIn(page, 'zhangwei', { open: false });
  // Give 张伟 a phone number, so the second mapped column has something to carry.
  const token = await storedToken(page);
  const edit = await page.request.put(`${API}/sys/user/login/setting/userEdit`, {
    headers: { 'X-Access-Token': token! },
    data: { realname: '张伟', phone: PHONE },
  });
  expect((await edit.json()).success).toBe(true);

  await page.goto('/#/donation/team');
  await expect(page.getByTestId('list-donation/team')).toBeVisible();
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await item(page, '团队名称').locator('input').fill(TEAM);
  const activity = item(page, '所属活动');
  await expect(async () => {
    await activity.locator('.ant-select-selector').click();
    const choice = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
    await choice.waitFor({ timeout: 2000 });
    await choice.click();
    await expect(activity.locator('.ant-select-selection-item')).not.toHaveCount(0, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });

  // The picker: a read-only input that opens the report popup.
  const leader = item(page, '队长姓名').locator('input');
  await expect(leader).toHaveAttribute('readonly', '');
  await leader.click();
  await expect(popup(page)).toBeVisible();
  await expect(popup(page).locator('.ant-modal-title')).toHaveText('用户');
  await expect(popup(page).locator('.ant-table-thead')).toContainText('账号');
  await expect(popup(page).locator('.ant-table-thead')).toContainText('姓名');
  await expect(popup(page).locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await expect(popup(page).getByTestId('popup-selected-bar')).toContainText('已选择 0 项');
  await expect(popup(page).locator('.ant-table-bordered')).toHaveCount(1);

  // Single mode: confirming with nothing chosen warns and stays open.
  await popup(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('请选择一条记录')).toBeVisible();
  await expect(popup(page)).toBeVisible();

  // The hidden query items (性别, 部门) show once the search area is expanded.
  await expect(popup(page).getByTestId('query-bar')).not.toContainText('部门');
  await popup(page).getByText('展开').click();
  await expect(popup(page).getByTestId('query-bar')).toContainText('部门');
  await popup(page).getByPlaceholder('请输入姓名').fill('张');
  await popup(page)
    .getByRole('button', { name: /查\s*询/ })
    .click();
  const rows = popup(page).locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('zhangwei');
  await expect(rows.first()).toContainText(PHONE);
  await rows.first().click();
  await expect(popup(page).getByTestId('popup-selected-bar')).toContainText('已选择 1 项');
  await shot(page, 'widgets-popup-report');
  await popup(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(popup(page)).toHaveCount(0);

  await expect(leader).toHaveValue('张伟');
  await expect(item(page, '队长电话').locator('input')).toHaveValue(PHONE);
  await shot(page, 'widgets-popup-filled');
  await modal(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('添加成功！')).toBeVisible();

  // Saved: the team's row shows the chosen leader.
  const row = page.getByTestId('data-table').locator('tbody tr').filter({ hasText: TEAM });
  await expect(row).toContainText('张伟');
  await shot(page, 'widgets-popup-saved', { fullPage: true });
});

test('the linked dropdown loads each level from querySelectOptions and clears the following levels', async ({ page }) => {
  const form = {
    list: [
      {
        type: 'linkDown',
        key: 'linkDown_category',
        label: '资助类别',
        model: 'category1',
        options: {
          placeholder: '请选择',
          linkTable: 'sys_category',
          linkTxt: 'name',
          linkKey: 'code',
          linkIdField: 'id',
          linkPidField: 'pid',
          condition: '',
          linkFields: 'category2,category3',
        },
        rules: [{ required: false, message: '必填项' }],
      },
    ],
    config: { layout: 'horizontal', labelCol: { span: 4 }, wrapperCol: { span: 18 } },
  };
  await signIn(page, 'admin', { open: false });
  await page.goto('/#/online/desform/designer');
  await page.getByRole('button', { name: '导入JSON' }).click();
  const importDialog = page.getByRole('dialog', { name: '导入JSON' });
  await importDialog.getByLabel('JSON').fill(JSON.stringify(form));
  await importDialog.getByRole('button', { name: /导\s*入/ }).click();
  await expect(page.getByText('导入成功')).toBeVisible();
  await page.getByRole('button', { name: '预览' }).click();
  const preview = page.getByTestId('designer-preview');
  await expect(preview).toBeVisible();

  const level = (name: string) => preview.getByTestId(`link-down-${name}`);
  const choose = async (name: string, option: string) => {
    await expect(async () => {
      await level(name).click();
      const choice = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: new RegExp(`^${option}$`) });
      await choice.waitFor({ timeout: 2000 });
      await choice.click();
      await expect(level(name).locator('.ant-select-selection-item')).toHaveText(option, { timeout: 2000 });
    }).toPass({ timeout: 20_000 });
  };
  await choose('category1', '助学类别');
  await choose('category2', '学费资助');
  await choose('category3', '小学学费');
  await shot(page, 'widgets-link-down');

  // A new first level clears the levels after it and offers its own children.
  await choose('category1', '项目类别');
  await expect(level('category2').locator('.ant-select-selection-item')).toHaveCount(0);
  await expect(level('category3').locator('.ant-select-selection-item')).toHaveCount(0);
  await choose('category2', '希望图书室');
  await expect(level('category3').locator('.ant-select-selection-item')).toHaveCount(0);
});
