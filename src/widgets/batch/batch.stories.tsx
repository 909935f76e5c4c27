import type { Meta } from '@storybook/react-vite';
import { itemOf } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';

export default { title: 'Widgets/动态表格 batch', component: WidgetStory, parameters: { widgetTypes: ['batch'] } } satisfies Meta<typeof WidgetStory>;

const rows = [
  itemOf('input', { key: 'input_item_text', label: '名称', model: 'item_text', rules: [{ required: true, message: '请输入名称' }] }),
  itemOf('input', { key: 'input_item_value', label: '数据值', model: 'item_value', rules: [{ required: true, message: '请输入数据值' }] }),
  itemOf('number', { key: 'number_sort', label: '排序', model: 'sort_order' }),
];

export const Default = {
  args: {
    items: [itemOf('batch', { label: '字典项', model: 'items', list: rows }, { onlineFormCode: 'sys/dict_item' })],
    values: { items: [{ item_text: '男', item_value: '1', sort_order: 1 }] },
  },
};
export const Disabled = {
  args: {
    items: [itemOf('batch', { label: '字典项', model: 'items', list: rows }, { disabled: true })],
    values: { items: [{ item_text: '男', item_value: '1' }] },
  },
};
export const HideSequence = {
  args: {
    items: [itemOf('batch', { label: '字典项', model: 'items', list: rows }, { hideSequence: true })],
    values: { items: [{ item_text: '女', item_value: '2' }] },
  },
};
export const RowValidationError = {
  args: { items: [itemOf('batch', { label: '字典项', model: 'items', list: rows })], values: { items: [{ item_text: '', item_value: '' }] }, validate: true },
};
