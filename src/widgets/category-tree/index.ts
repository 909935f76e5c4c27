import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { mockSelect } from '../mock-kit.tsx';
import { SEPARATOR } from '../../runtime/renderers/detail/readable.ts';
import { pickerQueryInput } from '../query-picker/pickerQueryInput.tsx';
import { loadNames } from './api.ts';
import { CategoryTreeField } from './CategoryTreeField.tsx';

export const categoryTree: WidgetRegistration = {
  type: 'categoryTree',
  label: '分类字典树',
  group: 'advanced',
  data: true,
  components: { CategoryTreeField },
  settings: ['multiple', 'placeholder', 'defaultValue:plain', 'pcode', 'hidden', 'disabled'],
  mock: mockSelect,
  schema: (item) => ({
    type: 'string',
    'x-component': 'CategoryTreeField',
    'x-component-props': { pcode: item.options?.pcode, multiple: item.options?.multiple, placeholder: item.options?.placeholder },
  }),
  readable: { lookup: () => async (items) => (await loadNames(items)).join(SEPARATOR) || items.join(SEPARATOR) },
  query: { views: ['cat_tree'], Input: pickerQueryInput(CategoryTreeField) },
  scaffold: () => ({
    type: 'categoryTree',
    label: '分类字典树',
    icon: 'icon-tree',
    options: { defaultValue: '', pcode: '', multiple: false, placeholder: '请选择', hidden: false, disabled: false },
    rules: [{ required: false, message: '必填项' }],
  }),
};
