import type { WidgetRegistration } from '../types.ts';

export const dept: WidgetRegistration = {
  type: 'dept',
  label: '部门选择',
  group: 'advanced',
  data: true,
  schema: (item) => ({ type: 'string', 'x-component': 'DeptField', 'x-component-props': { multiple: item.options?.multiple, placeholder: item.options?.placeholder } }),
  scaffold: () => ({ type: 'dept', label: '部门选择', icon: 'icon-zuzhijiagou', options: { defaultValue: '', multiple: false, placeholder: '请点击选择部门', hidden: false, disabled: false }, rules: [{ required: false, message: '必填项' }] }),
};
