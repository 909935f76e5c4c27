import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { mockSelect } from '../mock-kit.tsx';
import { CascaderField, pathLabels } from './CascaderField.tsx';

export const cascader: WidgetRegistration = {
  type: 'cascader',
  label: '级联选择器',
  group: 'advanced',
  data: true,
  components: { CascaderField },
  settings: ['placeholder', 'defaultValue:json', 'showSearch', 'options', 'clearable', 'hidden', 'disabled'],
  mock: mockSelect,
  schema: (item) => ({
    type: 'array',
    'x-component': 'CascaderField',
    'x-component-props': {
      options: item.options?.options,
      placeholder: item.options?.placeholder,
      showSearch: item.options?.showSearch,
      allowClear: item.options?.clearable,
    },
  }),
  // A detail reads the chosen path's labels, not its values.
  readable: { lookup: (widget) => async (path) => pathLabels(widget.options?.options, path) },
  scaffold: () => ({
    type: 'cascader',
    label: '级联选择器',
    icon: 'icon-guanlian',
    options: {
      disabled: false,
      hidden: false,
      defaultValue: undefined,
      showSearch: false,
      placeholder: '请选择',
      clearable: false,
      options: [
        { value: '1', label: '选项1', children: [{ value: '11', label: '选项11' }] },
        { value: '2', label: '选项2', children: [{ value: '22', label: '选项22' }] },
      ],
    },
    rules: [{ required: false, message: '必填项' }],
  }),
};
