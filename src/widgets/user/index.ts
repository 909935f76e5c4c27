import type { WidgetRegistration } from '../types.ts';

export const user: WidgetRegistration = {
  type: 'user',
  label: '用户选择',
  group: 'advanced',
  data: true,
  schema: (item) => ({ type: 'string', 'x-component': 'UserField', 'x-component-props': { multiple: item.options?.multiple, placeholder: item.options?.placeholder } }),
  scaffold: () => ({ type: 'user', label: '用户选择', icon: 'icon-gerenshezhi', options: { defaultValue: '', multiple: false, isCc: false, placeholder: '请点击选择用户', hidden: false, disabled: false }, rules: [{ required: false, message: '必填项' }] }),
};
