import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import {
  canvas,
  canvasItems,
  closeDialog,
  confirmDialog,
  dialog,
  drag,
  dropped,
  modalsSettled,
  palette,
  previewItem,
  props,
  setText,
} from './designer-helpers.ts';
import { shot, signIn } from './helpers.ts';

/*
 * The form designer end to end (issue 8, phase 1): drag widgets from the palette into the canvas and
 * into a grid and a batch sub-table, set their properties, preview with the runtime form and get the
 * data, export JSON and import it back, and the layout table's merge refusal.
 */
test.describe.configure({ mode: 'serial' });

test('admin designs a form by drag and drop, previews it, exports and imports its JSON', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', { open: false });
  await page.goto('/#/online/desform/designer');
  await expect(page.locator('.fd-header')).toHaveText('表单设计器');
  await expect(canvas(page)).toContainText('从左侧选择控件添加');
  await expect(page.getByText('未选择控件')).toBeVisible();
  // Panel 1 (基础控件) is open by default; opening 布局控件 is remembered.
  await expect(palette(page, 'input')).toBeVisible();
  await page.getByRole('button', { name: '布局控件' }).click();
  await expect(palette(page, 'grid')).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('pro__FORM_DESIGNER_COLLAPSE')!).value)).toEqual(['1', '3']);

  // A grid with two columns, an input with a pattern rule in the left one, a dictionary select in the right.
  await drag(page, palette(page, 'grid'), canvas(page));
  await dropped(page, 'grid');
  await expect(canvasItems(page, 'grid')).toHaveCount(1);
  await expect(props(page).getByLabel('第2列宽度')).toHaveValue('12');
  const columns = canvasItems(page, 'grid').locator('.fd-grid-col > .fd-list');
  await drag(page, palette(page, 'input'), columns.nth(0));
  await dropped(page, 'input');
  await expect(columns.nth(0).locator('.fd-item[data-type="input"]')).toHaveCount(1);
  await setText(page, '标签', '手机号');
  await setText(page, '数据字段', 'phone');
  await props(page).getByRole('button', { name: '增加校验' }).click();
  await setText(page, '正则表达式', '^1[3-9]\\d{9}$');
  await setText(page, '校验提示', '请输入正确的手机号');
  await shot(page, 'designer-item-properties');

  await drag(page, palette(page, 'select'), columns.nth(1));
  await dropped(page, 'select');
  await expect(columns.nth(1).locator('.fd-item[data-type="select"]')).toHaveCount(1);
  await setText(page, '标签', '性别');
  await setText(page, '数据字段', 'sex');
  await props(page).getByText('数据字典').click();
  await setText(page, '字典编码', 'sex');
  await expect(columns.nth(1)).toContainText('数据字典: sex');

  // A date and a batch sub-table below the grid, and a column in the sub-table.
  await drag(page, palette(page, 'date'), canvasItems(page, 'grid'), 'bottom');
  await dropped(page, 'date');
  await setText(page, '标签', '出生日期');
  await setText(page, '数据字段', 'birthday');
  await props(page).getByLabel('必填', { exact: true }).click();
  await drag(page, palette(page, 'batch'), canvasItems(page, 'date'), 'bottom');
  await dropped(page, 'batch');
  await setText(page, '标签', '家庭成员');
  await setText(page, '数据字段', 'members');
  await drag(page, palette(page, 'input'), canvasItems(page, 'batch').locator('.fd-batch-columns'));
  await dropped(page, 'input');
  await setText(page, '标签', '成员姓名');
  await setText(page, '数据字段', 'memberName');
  const order = () =>
    canvas(page)
      .locator('.fd-root-list > .fd-item')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-type')));
  await expect.poll(order).toEqual(['grid', 'date', 'batch']);

  // Drag to reorder: the date above the grid, then back below it.
  await drag(page, canvasItems(page, 'date').locator('.fd-label'), canvasItems(page, 'grid'), 'top');
  await expect.poll(order).toEqual(['date', 'grid', 'batch']);
  await drag(page, canvasItems(page, 'date').locator('.fd-label'), canvasItems(page, 'grid'), 'bottom');
  await expect.poll(order).toEqual(['grid', 'date', 'batch']);

  // Form properties: label span 6 leaves 18 for the control; a linkage rule makes the phone required for sex 2.
  await page.getByRole('tab', { name: '表单属性设置' }).click();
  const formProps = page.getByTestId('form-properties');
  await formProps.getByLabel('标签宽度').fill('6');
  await expect(formProps).toContainText('控件宽度 18 栅格');
  await formProps.getByRole('button', { name: '添加联动' }).click();
  const choose = async (label: string, option: string) => {
    await formProps
      .locator('.ant-select')
      .filter({ has: page.getByRole('combobox', { name: label }) })
      .click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle(option).click();
  };
  await choose('效果', '必填');
  await formProps.getByRole('button', { name: '添加条件' }).click();
  await choose('条件字段', '性别 (sex)');
  await formProps.getByLabel('条件值').fill('2');
  await shot(page, 'designer-form-properties');

  // Copy then delete: the copy comes right after the original, deleting selects the next item.
  await canvasItems(page, 'date').click();
  await expect(props(page).getByLabel('标签', { exact: true })).toHaveValue('出生日期');
  await page.getByRole('button', { name: '复制' }).click();
  await expect(canvasItems(page, 'date')).toHaveCount(2);
  await page.getByRole('button', { name: '删除' }).click();
  await expect(canvasItems(page, 'date')).toHaveCount(1);
  await expect(props(page).getByLabel('标签', { exact: true })).toHaveValue('家庭成员');
  await shot(page, 'designer-canvas');

  // Preview with the runtime form: the pattern message for a bad value, then the data as JSON.
  await page.getByRole('button', { name: '预览' }).click();
  await dialog(page, '预览');
  const preview = page.getByTestId('designer-preview');
  await previewItem(page, '手机号').locator('input').fill('12345');
  await page.getByRole('button', { name: '获取数据' }).click();
  await expect(preview).toContainText('请输入正确的手机号');
  await expect(preview).toContainText('必填项');
  await modalsSettled(page);
  await shot(page, 'designer-preview-errors');
  await previewItem(page, '手机号').locator('input').fill('13800001111');
  await previewItem(page, '性别').locator('.ant-select-selector').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '男' }).click();
  await expect(previewItem(page, '性别').locator('.ant-select-selection-item')).toHaveText('男');
  const birthday = previewItem(page, '出生日期').locator('input');
  await birthday.click();
  await birthday.fill('2015-06-01');
  await birthday.press('Enter');
  await expect(birthday).toHaveValue('2015-06-01');
  await preview.getByText('新增一行').click();
  await preview.locator('.ant-table-tbody input').first().fill('李四');
  await page.getByRole('button', { name: '获取数据' }).click();
  await dialog(page, '表单数据');
  const data = JSON.parse((await page.getByTestId('preview-data').textContent())!);
  expect(data).toMatchObject({ phone: '13800001111', sex: '1', members: [{ memberName: '李四' }] });
  expect(Object.keys(data.members[0])).toEqual(['memberName']);
  expect(data.birthday).toBe('2015-06-01');
  await modalsSettled(page);
  await shot(page, 'designer-preview-data');
  await closeDialog(page, '表单数据');
  await closeDialog(page, '预览');

  // Export JSON, reset, import it back: the same form.
  await page.getByRole('button', { name: '导出JSON' }).click();
  const exported = (await page.getByTestId('json-view').textContent())!;
  const form = JSON.parse(exported);
  expect(form.list.map((i: { type: string }) => i.type)).toEqual(['grid', 'date', 'batch']);
  expect(form.list[0].columns[0].list[0]).toMatchObject({
    model: 'phone',
    rules: [{ required: false }, { pattern: '^1[3-9]\\d{9}$', message: '请输入正确的手机号' }],
  });
  expect(form.list[0].columns[1].list[0].options).toMatchObject({ dynamic: 'dict', dynamicKey: 'sex' });
  expect(form.config).toMatchObject({
    labelCol: { span: 6 },
    wrapperCol: { span: 18 },
    linkage: [{ target: 'phone', effect: 'require', when: { sex: { $eq: '2' } } }],
  });
  await closeDialog(page, '导出JSON');

  await page.getByRole('button', { name: '重置' }).click();
  await confirmDialog(page);
  await expect(canvas(page)).toContainText('从左侧选择控件添加');

  await page.getByRole('button', { name: '导入JSON' }).click();
  const importDialog = await dialog(page, '导入JSON');
  await importDialog.getByLabel('JSON').fill('{ "list": [] }');
  await importDialog.getByRole('button', { name: /导\s*入/ }).click();
  await expect(page.getByText('导入失败，数据格式不对').first()).toBeVisible();
  await importDialog.getByLabel('JSON').fill(exported);
  await importDialog.getByRole('button', { name: /导\s*入/ }).click();
  await expect(page.getByText('导入成功')).toBeVisible();
  await expect(page.getByText('未选择控件')).toBeVisible();
  await page.getByRole('button', { name: '导出JSON' }).click();
  expect(JSON.parse((await page.getByTestId('json-view').textContent())!)).toEqual(form);
  await closeDialog(page, '导出JSON');

  // Export code: the schema document for this form, as the file it would be in schemas/.
  await page.getByRole('button', { name: '导出代码' }).click();
  const codeDialog = await dialog(page, '导出代码');
  await codeDialog.getByLabel('编码').fill('online/family');
  await expect(codeDialog).toContainText('文件：schemas/online/family.json');
  const doc = JSON.parse((await page.getByTestId('code-view').textContent())!);
  expect(doc).toMatchObject({ code: 'online/family', entity: { table: 'online_family' }, form });
  expect(doc.entity.fields.map((f: { name: string }) => f.name)).toEqual(['phone', 'sex', 'birthday']);
  // The sub-table has no sub-form yet: the view says what keeps the document from loading.
  await expect(codeDialog).toContainText('缺少 onlineFormCode');
  await modalsSettled(page);
  await shot(page, 'designer-code');
  await closeDialog(page, '导出代码');

  // Save keeps a local draft of a new form at once, then asks for the code and name the server needs.
  await page.getByRole('button', { name: '保存' }).click();
  await dialog(page, '保存到服务器');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('pro__ONLINE_FORM_DESIGN:new')!).value)).toEqual(form);
  await page
    .getByRole('dialog', { name: '保存到服务器' })
    .getByRole('button', { name: /取\s*消/ })
    .click();
  await expect(page.getByRole('dialog', { name: '保存到服务器' })).toHaveCount(0);
});

test('the layout table cell menu merges cells and refuses what cannot be merged', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  await page.goto('/#/online/desform/designer');
  await page.getByRole('button', { name: '重置' }).click();
  await confirmDialog(page);
  if (!(await palette(page, 'table').isVisible())) await page.getByRole('button', { name: '布局控件' }).click();
  await drag(page, palette(page, 'table'), canvas(page));
  const cell = (rc: string) => canvasItems(page, 'table').locator(`td[data-cell="${rc}"]`);
  const openMenus = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  const cellMenu = async (rc: string, action: string) => {
    await cell(rc).click({ button: 'right' });
    await openMenus.getByText(action).click();
    await expect(openMenus).toHaveCount(0);
  };
  await expect(cell('1-0')).toBeVisible();

  await cellMenu('1-0', '向下合并');
  await expect(page.getByText('当前是最后一行，无法向下合并')).toBeVisible();

  await cellMenu('0-1', '向右合并');
  await expect(page.getByText('当前是最后一列，无法向右合并')).toBeVisible();

  await cellMenu('0-0', '向右合并');
  await expect(cell('0-1')).toHaveCount(0);
  await expect(cell('0-0')).toHaveAttribute('colspan', '2');
  await cellMenu('0-0', '向下合并');
  await expect(page.getByText('当前表格无法向下合并')).toBeVisible();

  await cellMenu('1-0', '新增行');
  await expect(cell('2-1')).toBeVisible();
  await cellMenu('1-0', '向下合并');
  await expect(cell('1-0')).toHaveAttribute('rowspan', '2');
  await cellMenu('1-0', '向右合并');
  await expect(page.getByText('当前表格无法向右合并')).toBeVisible();
  await drag(page, palette(page, 'divider'), cell('2-1'));
  await expect(cell('2-1').locator('.fd-item[data-type="divider"]')).toHaveCount(1);
  await shot(page, 'designer-table');
});

test('a screen from schemas/ opens in the designer unchanged', async ({ page }) => {
  const file = JSON.parse(readFileSync('schemas/donation/record.json', 'utf8'));
  await signIn(page, 'admin', { open: false });
  await page.goto('/#/online/desform/designer?code=donation/record');
  await expect(page.locator('.fd-header')).toHaveText(`表单设计器 - ${file.title}`);
  await expect(canvasItems(page, 'grid')).toHaveCount(1);
  await shot(page, 'designer-record');
  await page.getByRole('button', { name: '导出JSON' }).click();
  expect(JSON.parse((await page.getByTestId('json-view').textContent())!)).toEqual(file.form);
});
