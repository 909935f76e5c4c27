import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { mockSelect } from '../mock-kit.tsx';
import { tableDictCode } from '../../runtime/dict/api.ts';
import { dictLookup, named } from '../../runtime/renderers/detail/readable.ts';
import { staticLabels, TreeSelectField } from './TreeSelectField.tsx';
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
  // A detail names the chosen nodes: from the tree dictionary, else from the static options at any depth.
  readable: {
    lookup: (widget) => {
      const o = widget.options ?? {};
      const dict = tableDictCode(o.dictTable, o.dictText, o.dictCode);
      if (dict) return dictLookup(dict);
      const labels = staticLabels(o.options);
      return labels.size ? async (items) => named(items, labels) : undefined;
    },
  },
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
