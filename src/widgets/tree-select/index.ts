import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { mockSelect } from '../mock-kit.tsx';
import { TreeSelectField } from './TreeSelectField.tsx';
import { TreeQueryInput } from './TreeQueryInput.tsx';

export const treeSelect: WidgetRegistration = {
  type: 'treeSelect',
  label: '树选择器',
  group: 'advanced',
  data: true,
  components: { TreeSelectField },
  settings: [
    'placeholder',
    'defaultValue',
    'multiple',
    'showSearch',
    'dictTable',
    'dictText',
    'dictCode',
    'condition',
    'options',
    'clearable',
    'hidden',
    'disabled',
  ],
  mock: mockSelect,
  schema: (item) => ({
    type: 'string',
    'x-component': 'TreeSelectField',
    'x-component-props': {
      options: item.options?.options,
      dictTable: item.options?.dictTable,
      dictText: item.options?.dictText,
      dictCode: item.options?.dictCode,
      condition: item.options?.condition,
      multiple: item.options?.multiple,
      placeholder: item.options?.placeholder,
    },
  }),
  query: { views: ['sel_tree'], Input: TreeQueryInput },
  scaffold: () => ({
    type: 'treeSelect',
    label: '树选择器',
    icon: 'icon-tree',
    options: {
      disabled: false,
      defaultValue: '',
      multiple: false,
      hidden: false,
      clearable: true,
      showSearch: false,
      placeholder: '请选择',
      dictTable: '',
      dictText: '',
      dictCode: '',
      condition: '',
      options: [
        { value: '1', label: '选项1', children: [{ value: '11', label: '选项11' }] },
        { value: '2', label: '选项2' },
      ],
    },
    rules: [{ required: false, message: '必填项' }],
  }),
};
