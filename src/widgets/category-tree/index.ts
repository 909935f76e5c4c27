import type { WidgetRegistration } from '../types.ts';

export const categoryTree: WidgetRegistration = {
  type: 'categoryTree',
  label: '分类字典树',
  group: 'advanced',
  data: true,
  schema: (item) => ({ type: 'string', 'x-component': 'CategoryTreeField', 'x-component-props': { pcode: item.options?.pcode, multiple: item.options?.multiple, placeholder: item.options?.placeholder } }),
  scaffold: () => ({ type: 'categoryTree', label: '分类字典树', icon: 'icon-tree', options: { defaultValue: '', pcode: '', multiple: false, placeholder: '请选择', hidden: false, disabled: false }, rules: [{ required: false, message: '必填项' }] }),
};
