import { screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { describeWidget, renderWidget } from '../test-kit.tsx';
import { widgetOf } from '../registry.ts';
import { itemOf } from '../story-kit/stories.tsx';

/* The scaffold's options: 选项1 › 选项11, 选项2 › 选项22. The value is the path of chosen values. */
describeWidget('cascader', {
  stored: ['1', '11'],
  shows: ({ field }) => expect(within(field()).getByText('选项1 / 选项11')).toBeInTheDocument(),
  enter: async ({ user, field }) => {
    await user.click(within(field()).getByRole('combobox'));
    await user.click(await screen.findByTitle('选项2'));
    await user.click(await screen.findByTitle('选项22'));
  },
  gives: ['2', '22'],
});

it('shows a deeper path by its labels at every level', async () => {
  const options = [{ value: 'edu', label: '教育', children: [{ value: 'school', label: '学校', children: [{ value: 'primary', label: '小学' }] }] }];
  const { field } = await renderWidget('cascader', { value: ['edu', 'school', 'primary'], options: { options } });
  expect(within(field()).getByText('教育 / 学校 / 小学')).toBeInTheDocument();
});

it('a parent alone is no value: required, the form is refused until a leaf is chosen', async () => {
  const { user, form, field, value } = await renderWidget('cascader', { item: { rules: [{ required: true, message: '请选择分类' }] } });
  await user.click(within(field()).getByRole('combobox'));
  await user.click(await screen.findByTitle('选项1'));
  expect(value()).toEqual([]);
  await expect(form.validate()).rejects.toBeDefined();
  expect(await within(field()).findByText('请选择分类')).toBeInTheDocument();

  await user.click(await screen.findByTitle('选项11'));
  await expect(form.validate()).resolves.toBeUndefined();
  expect(value()).toEqual(['1', '11']);
});

it("a detail reads the stored path's labels; a value no option holds stands for itself", async () => {
  const item = itemOf('cascader');
  const lookup = widgetOf('cascader')!.readable!.lookup!(item, {})!;
  expect(await lookup(['2', '22'])).toBe('选项2 / 选项22');
  expect(await lookup(['1', '99'])).toBe('选项1 / 99');
});
