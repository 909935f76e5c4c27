import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';

export const cascader: WidgetRegistration = {
  type: 'cascader',
  label: '级联选择器',
  group: 'advanced',
  data: true,
  schema: (item) => ({ type: 'array', 'x-component': 'CascaderField', 'x-component-props': { options: item.options?.options, placeholder: item.options?.placeholder } }),
  scaffold: () => ({
    type: 'cascader',
    label: '级联选择器',
    icon: 'icon-guanlian',
    options: { disabled: false, hidden: false, defaultValue: undefined, showSearch: false, placeholder: '请选择', clearable: false, options: [{ value: '1', label: '选项1', children: [{ value: '11', label: '选项11' }] }, { value: '2', label: '选项2', children: [{ value: '22', label: '选项22' }] }] },
    rules: [{ required: false, message: '必填项' }],
  }),
};
