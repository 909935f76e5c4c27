import { expect, type Locator, type Page, test } from './fixtures.ts';
import { shot, signIn, storedToken } from './helpers.ts';

/*
 * The pickers of issue 5 end to end: on the departments screen (schemas/system/depart.json) a new
 * department gets its parent through the 选择部门 modal and is saved; a department that still has
 * children is not deleted. In a designer-made form (preview = the runtime form) users are picked in
 * the 1250-wide user-by-department modal, departments in multi mode, a category from the category
 * tree, and the html widget shows its content without the script it was given.
 */

const API = '/hope-boot';

const modalItem = (scope: Locator, label: string) =>
  scope.locator('.ant-formily-item').filter({ has: scope.page().locator('.ant-formily-item-label-content label', { hasText: new RegExp(`^${label}$`) }) });

const treeNode = (modal: Locator, title: string) =>
  modal.locator('.ant-tree-treenode').filter({ has: modal.page().locator('.ant-tree-title', { hasText: new RegExp(`^${title}$`) }) });

async function api(page: Page, path: string) {
  const token = await storedToken(page);
  return (await page.request.get(`${API}${path}`, { headers: { 'X-Access-Token': token! } })).json();
}

test.describe.configure({ mode: 'serial' });

test('a department saved with its parent picked in the 选择部门 modal; a department with children is not deleted', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  await page.goto('/#/system/depart');
  await expect(page.getByTestId('list-system/depart')).toBeVisible();

  await page.getByRole('button', { name: /新\s*增/ }).click();
  const form = page.locator('.ant-modal').first();
  await modalItem(form, '部门名称').locator('input').fill('E2E助学一组');
  await modalItem(form, '机构编码').locator('input').fill('A01A05E2E');
  await form.getByTestId('dept-picker-input').click();

  const picker = page.getByRole('dialog', { name: '选择部门' });
  await expect(picker).toBeVisible();
  await expect(treeNode(picker, '资助部')).toBeVisible();
  // Single mode keeps only the newest check.
  await treeNode(picker, '办公室').locator('.ant-tree-checkbox').click();
  await treeNode(picker, '资助部').locator('.ant-tree-checkbox').click();
  await expect(picker.locator('.ant-tree-checkbox-checked')).toHaveCount(1);
  await expect(treeNode(picker, '资助部').locator('.ant-tree-checkbox-checked')).toHaveCount(1);
  // Search on enter: only the matches are listed.
  await picker.getByPlaceholder('请输入部门名称按回车进行搜索').fill('资助');
  await picker.getByPlaceholder('请输入部门名称按回车进行搜索').press('Enter');
  await expect(picker.locator('.ant-tree-title')).toHaveText(['资助部']);
  await shot(page, 'widgets-dept-modal');
  await picker.getByRole('button', { name: /确\s*定/ }).click();
  await expect(picker).toBeHidden();
  await expect(form.getByTestId('dept-picker-input')).toHaveValue('资助部');
  await shot(page, 'widgets-dept-form');

  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('添加成功！')).toBeVisible();
  const tree = await api(page, '/sys/sysDepart/queryTreeList');
  const aid = tree.result[0].children.find((d: { title: string }) => d.title === '资助部');
  expect(aid.children.map((d: { title: string }) => d.title)).toEqual(['E2E助学一组']);

  // 资助部 now has a child department: deleting it is refused and it stays.
  await page.getByTestId('query-bar').getByPlaceholder('请输入部门名称').fill('资助部');
  await page
    .getByTestId('query-bar')
    .getByRole('button', { name: /查\s*询/ })
    .click();
  const rows = page.getByTestId('data-table').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await rows.first().getByText('删除').click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('该部门下还有子部门，请先删除子部门')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await shot(page, 'widgets-dept-delete-refused');

  // The query bar's 上级部门 is the same picker: the departments under 资助部.
  const bar = page.getByTestId('query-bar');
  await bar.getByRole('button', { name: /重\s*置/ }).click();
  await bar.getByTestId('dept-picker-input').click();
  const queryPicker = page.getByRole('dialog', { name: '选择部门' });
  await treeNode(queryPicker, '资助部').locator('.ant-tree-checkbox').click();
  await queryPicker.getByRole('button', { name: /确\s*定/ }).click();
  await bar.getByRole('button', { name: /查\s*询/ }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('E2E助学一组');
});

const FORM = {
  list: [
    {
      type: 'user',
      key: 'user_1',
      model: 'handlers',
      label: '经办人',
      options: { multiple: true, placeholder: '请选择经办人' },
      rules: [{ required: true, message: '请选择经办人' }],
    },
    { type: 'dept', key: 'dept_1', model: 'departs', label: '协办部门', options: { multiple: true }, rules: [{ required: false, message: '必填项' }] },
    { type: 'categoryTree', key: 'cat_1', model: 'aid_type', label: '资助类别', options: { pcode: 'B01' }, rules: [{ required: false, message: '必填项' }] },
    {
      type: 'html',
      key: 'html_1',
      label: '说明',
      options: { defaultValue: '<p class="tip">请<b>如实</b>填写</p><img src="x" onerror="window.__xss=1"><script>window.__xss=2</script>' },
    },
  ],
  config: { layout: 'horizontal', labelCol: { span: 4 }, wrapperCol: { span: 18 } },
};

test('users and departments picked in a form, with a category and sanitised html', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', { open: false });
  await page.goto('/#/online/desform/designer');
  await page.getByRole('button', { name: '导入JSON' }).click();
  const importDialog = page.getByRole('dialog', { name: '导入JSON' });
  await importDialog.getByLabel('JSON').fill(JSON.stringify(FORM));
  await importDialog.getByRole('button', { name: /导\s*入/ }).click();
  await expect(page.getByText('导入成功')).toBeVisible();
  await page.getByRole('button', { name: '预览' }).click();
  const preview = page.getByTestId('designer-preview');
  await expect(preview).toBeVisible();

  // html: the content shows, the script and the event handler do not survive.
  await expect(preview.getByTestId('widget-html')).toContainText('请如实填写');
  expect(await preview.getByTestId('widget-html').innerHTML()).not.toMatch(/script|onerror/);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

  // The user modal: all users first, then a department's users, account search and reset.
  await preview.getByTestId('user-picker-input').click();
  const users = page.getByRole('dialog', { name: '选择用户' });
  await expect(users).toBeVisible();
  // Measured once the opening zoom animation is over.
  await expect.poll(() => users.evaluate((el) => Math.round((el.closest('.ant-modal') ?? el).getBoundingClientRect().width))).toBe(1250);
  const rows = users.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.filter({ hasText: 'zhangwei' })).toHaveCount(1);
  await expect(users.locator('.ant-table-thead')).toContainText('用户账号');
  await expect(users.locator('.ant-table-thead')).toContainText('性别');
  await treeNode(users, '财务部').locator('.ant-tree-node-content-wrapper').click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('wangfang');
  await expect(rows.first()).toContainText('女');
  await rows.first().locator('.ant-checkbox-input').check();
  await users.getByRole('button', { name: /重\s*置/ }).click();
  await expect(rows.filter({ hasText: 'admin' })).toHaveCount(1);
  await expect(users.locator('.ant-checkbox-checked')).toHaveCount(0);
  await users.getByPlaceholder('请输入用户账号').fill('wang');
  await users.getByRole('button', { name: /查\s*询/ }).click();
  await expect(rows).toHaveCount(1);
  await rows.first().locator('.ant-checkbox-input').check();
  await users.getByPlaceholder('请输入用户账号').fill('zhang');
  await users.getByRole('button', { name: /查\s*询/ }).click();
  await expect(rows).toHaveCount(1);
  await rows.first().locator('.ant-checkbox-input').check();
  await shot(page, 'widgets-user-modal');
  await users.getByRole('button', { name: /确\s*定/ }).click();
  await expect(users).toBeHidden();
  await expect(preview.getByTestId('user-picker-input')).toHaveValue('王芳,张伟');

  // Departments in multi mode: a parent and its child both checked, no linking.
  await preview.getByTestId('dept-picker-input').click();
  const departs = page.getByRole('dialog', { name: '选择部门' });
  await treeNode(departs, '希望工程基金会').locator('.ant-tree-checkbox').first().click();
  await treeNode(departs, '财务部').locator('.ant-tree-checkbox').click();
  await expect(departs.locator('.ant-tree-checkbox-checked')).toHaveCount(2);
  await departs.getByRole('button', { name: /确\s*定/ }).click();
  await expect(preview.getByTestId('dept-picker-input')).toHaveValue('希望工程基金会,财务部');

  // A category under 助学类别, one level loaded at a time.
  await preview.getByTestId('category-tree').click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await dropdown.locator('.ant-select-tree-treenode').filter({ hasText: '学费资助' }).locator('.ant-select-tree-switcher').click();
  await dropdown.getByText('初中学费').click();
  await expect(preview.getByTestId('category-tree')).toContainText('初中学费');
  await shot(page, 'widgets-pickers-form');

  await page.getByRole('button', { name: '获取数据' }).click();
  const data = JSON.parse((await page.getByTestId('preview-data').textContent())!);
  expect(data.handlers).toBe('wangfang,zhangwei');
  const tree = await api(page, '/sys/sysDepart/queryTreeList');
  const finance = tree.result[0].children.find((d: { title: string }) => d.title === '财务部');
  expect(data.departs).toBe(`${tree.result[0].id},${finance.id}`);
  const juniorFees = await api(page, '/sys/category/loadOne?field=code&val=B01A01A02');
  expect(data.aid_type).toBe(juniorFees.result.id);
});

test('a category is added under a parent picked in the category tree, and found by its parent', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  await page.goto('/#/system/category');
  await expect(page.getByTestId('list-system/category')).toBeVisible();
  await expect(page.getByTestId('data-table')).toContainText('大学新生助学金');
  await shot(page, 'system-category-list');

  await page.getByRole('button', { name: /新\s*增/ }).click();
  const form = page.locator('.ant-modal').first();
  await form.getByTestId('category-tree').click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await dropdown.locator('.ant-select-tree-treenode').filter({ hasText: '项目类别' }).locator('.ant-select-tree-switcher').click();
  await dropdown.getByText('希望图书室').click();
  await expect(form.getByTestId('category-tree')).toContainText('希望图书室');
  await modalItem(form, '分类名称').locator('input').fill('E2E流动图书车');
  await modalItem(form, '分类编码').locator('input').fill('B02A02E2E');
  await shot(page, 'system-category-form');
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('添加成功！')).toBeVisible();

  const library = await api(page, '/sys/category/loadOne?field=code&val=B02A02');
  const children = await api(page, `/sys/category/loadTreeChildren?pid=${library.result.id}`);
  expect(children.result.map((c: { title: string }) => c.title)).toEqual(['E2E流动图书车']);

  const bar = page.getByTestId('query-bar');
  await bar.getByTestId('category-tree').click();
  const queryDropdown = page.locator('.ant-select-dropdown:visible');
  await queryDropdown.locator('.ant-select-tree-treenode').filter({ hasText: '项目类别' }).locator('.ant-select-tree-switcher').click();
  await queryDropdown.getByText('希望图书室').click();
  await page.keyboard.press('Escape');
  await bar.getByRole('button', { name: /查\s*询/ }).click();
  const rows = page.getByTestId('data-table').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('E2E流动图书车');
  await expect(rows.first()).toContainText('希望图书室');
});
