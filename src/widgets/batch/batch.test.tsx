import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WidgetOptions } from '../../core/schema/types.generated.ts';
import { withoutInternals } from '../../runtime/renderers/form/values.ts';
import { itemOf } from '../story-kit/stories.tsx';
import { renderWidget } from '../test-kit.tsx';

/* 字典项 as the stories show it: one row per item, its 名称 and 数据值 required, its 排序 a number. */
const CELLS = [
  itemOf('input', { key: 'input_item_text', label: '名称', model: 'itemText', rules: [{ required: true, message: '请输入名称' }] }),
  itemOf('input', { key: 'input_item_value', label: '数据值', model: 'itemValue', rules: [{ required: true, message: '请输入数据值' }] }),
  itemOf('number', { key: 'number_sort', label: '排序', model: 'sortOrder' }),
];

async function renderBatch(rows?: object[], options: WidgetOptions = {}) {
  const view = await renderWidget('batch', { value: rows, item: { label: '字典项', model: 'items', list: CELLS }, options });
  // Formily numbers the rows in a property of its own, which the form leaves out when it saves.
  return { ...view, saved: () => withoutInternals(view.value()) };
}

/** The table's body rows (antd keeps a hidden measuring row among them). */
const rows = () => [...document.querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row')];

/** What each row's cells hold, in column order. */
const shown = () => rows().map((row) => [...row.querySelectorAll('input')].map((input) => input.value));

describe('动态表格 (batch)', () => {
  it('shows each stored row in its cells, numbered, under a column per cell widget', async () => {
    await renderBatch([
      { itemText: '男', itemValue: '1', sortOrder: 1 },
      { itemText: '女', itemValue: '2', sortOrder: 2 },
    ]);
    expect([...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent)).toEqual(['#', '名称', '数据值', '排序', '操作']);
    expect(shown()).toEqual([
      ['男', '1', '1'],
      ['女', '2', '2'],
    ]);
    expect(rows().map((row) => row.querySelector('td')!.textContent)).toEqual(['#1.', '#2.']);
  });

  it('新增一行 adds a row whose cells (from their defaults) are the new item; removing a row drops it from the value', async () => {
    const { user, saved } = await renderBatch([{ itemText: '男', itemValue: '1', sortOrder: 1 }]);
    await user.click(screen.getByText('新增一行'));
    const [, added] = rows();
    const [text, code] = within(added).getAllByRole('textbox');
    await user.type(text, '女');
    await user.type(code, '2');
    // 排序 starts at its widget's default, 0.
    expect(saved()).toEqual([
      { itemText: '男', itemValue: '1', sortOrder: 1 },
      { itemText: '女', itemValue: '2', sortOrder: 0 },
    ]);

    await user.click(within(rows()[0]).getByRole('img', { name: 'delete' }));
    expect(saved()).toEqual([{ itemText: '女', itemValue: '2', sortOrder: 0 }]);
    expect(shown()).toEqual([['女', '2', '0']]);
  });

  it("a row's cells are validated like fields, each with its own message", async () => {
    const { form } = await renderBatch([{ itemText: '男', itemValue: '' }]);
    await expect(form.validate()).rejects.toBeDefined();
    expect(await screen.findByText('请输入数据值')).toBeInTheDocument();
    expect(screen.queryByText('请输入名称')).not.toBeInTheDocument();
  });

  it('hideSequence leaves the numbers out', async () => {
    await renderBatch([{ itemText: '女', itemValue: '2' }], { hideSequence: true });
    expect([...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent)).toEqual(['名称', '数据值', '排序', '操作']);
  });
});
