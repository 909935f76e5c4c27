import { expect, test } from './fixtures.ts';
import { shot, signIn, storedToken } from './helpers.ts';
import { API, input, item, modal, openList, rows } from './schema-helpers.ts';
import { expectToast } from './shell-helpers.ts';

/*
 * 在线开发 → 在线表单 reaches the designer from the menu: 新增 opens it on a blank form, 设计 on a stored
 * one; 复制 asks for a new code and name; 删除 asks to confirm and removes the copy.
 */

const DESIGN = {
  list: [
    { type: 'input', key: 'input_1', label: '姓名', model: 'visitor_name', options: { width: '100%' }, rules: [{ required: true, message: '请输入姓名' }] },
  ],
  config: { layout: 'horizontal', labelCol: { span: 4 }, wrapperCol: { span: 18 } },
};

test('在线表单: 新增 and 设计 open the designer; 复制 and 删除 work from the list', async ({ page }) => {
  await signIn(page, 'admin', { open: false });
  const code = `visit_${Date.now() % 1_000_000}`;
  const saved = await page.request.post(`${API}/form/formConfiguration/save`, {
    headers: { 'X-Access-Token': (await storedToken(page))! },
    data: { desformCode: code, desformName: '来访登记', desformDesignJson: DESIGN },
  });
  expect((await saved.json()).success).toBe(true);

  await openList(page, 'online/desform');
  await shot(page, 'online-form-list');
  await page.getByTestId('link-design').click();
  await expect(page.getByTestId('form-designer')).toBeVisible();
  await expect(page).toHaveURL(/#\/online\/desform\/designer$/);

  await openList(page, 'online/desform');
  const row = rows(page).filter({ hasText: code });
  await row.getByTestId('op-design').click();
  await expect(page).toHaveURL(new RegExp(`desform=${code}`));
  await expect(page.getByTestId('form-designer')).toContainText('姓名');

  await openList(page, 'online/desform');
  await rows(page).filter({ hasText: code }).getByTestId('op-copy').click();
  await expect(input(page, '新表单编码')).toHaveValue(code);
  await input(page, '新表单编码').fill(`${code}_2`);
  await input(page, '新表单名称').fill('来访登记副本');
  await shot(page, 'online-form-copy');
  await page.getByTestId('op-copy-submit').click();
  await expectToast(page, '复制成功');
  const copy = rows(page).filter({ hasText: `${code}_2` });
  await expect(copy).toContainText('来访登记副本');

  await copy.getByTestId('op-remove').click();
  await expect(item(page, '确认记录数')).toBeVisible();
  await page.getByTestId('op-remove-submit').click();
  await expectToast(page, '删除成功');
  await expect(rows(page).filter({ hasText: `${code}_2` })).toHaveCount(0);
  await expect(modal(page)).toHaveCount(0);
});
