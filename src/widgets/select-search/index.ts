import type { WidgetRegistration } from '../types.ts';
import { followField } from './follow-field.ts';

export const selectSearch: WidgetRegistration = {
  type: 'selectSearch',
  label: '搜索下拉框',
  group: 'advanced',
  data: true,
  schema: (item) => ({
    type: 'string',
    'x-component': 'SearchSelectField',
    'x-component-props': { dictTable: item.options?.dictTable, dictText: item.options?.dictText, dictCode: item.options?.dictCode, placeholder: item.options?.placeholder, dictByField: item.options?.dictByField },
    'x-reactions': followField(item),
  }),
  scaffold: () => ({ type: 'selectSearch', label: '搜索下拉框', icon: 'icon-xiala', options: { defaultValue: '', hidden: false, disabled: false, placeholder: '请输入关键字搜索', dictTable: '', dictText: '', dictCode: '' }, rules: [{ required: false, message: '必填项' }] }),
};
