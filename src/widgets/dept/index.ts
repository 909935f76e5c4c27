import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { mockPickInput } from '../mock-kit.tsx';
import { named } from '../../runtime/renderers/detail/readable.ts';
import { pickerQueryInput } from '../query-picker/pickerQueryInput.tsx';
import { DeptField } from './DeptField.tsx';
import { loadDepartTree, namesById } from './api.ts';

export const dept: WidgetRegistration = {
  type: 'dept',
  label: '部门选择',
  group: 'advanced',
  data: true,
  components: { DeptField },
  settings: ['defaultValue', 'multiple', 'placeholder', 'hidden', 'disabled'],
  mock: (item) => mockPickInput(item, '请点击选择部门'),
  schema: (item) => ({
    type: 'string',
    'x-component': 'DeptField',
    'x-component-props': { multiple: item.options?.multiple, placeholder: item.options?.placeholder },
  }),
  readable: { lookup: () => async (items) => named(items, namesById(await loadDepartTree())) },
  query: { views: ['sel_depart'], Input: pickerQueryInput(DeptField) },
  scaffold: () => ({
    type: 'dept',
    label: '部门选择',
    icon: 'icon-zuzhijiagou',
    options: { defaultValue: '', multiple: false, placeholder: '请点击选择部门', hidden: false, disabled: false },
    rules: [{ required: false, message: '必填项' }],
  }),
};
