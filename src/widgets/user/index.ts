import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { mockPickInput } from '../mock-kit.tsx';
import { named } from '../../runtime/renderers/detail/readable.ts';
import { pickerQueryInput } from '../query-picker/pickerQueryInput.tsx';
import { UserField } from './UserField.tsx';
import { realnamesOf } from './api.ts';

export const user: WidgetRegistration = {
  type: 'user',
  label: '用户选择',
  group: 'advanced',
  data: true,
  components: { UserField },
  settings: ['defaultValue', 'multiple', 'placeholder', 'isCc', 'hidden', 'disabled'],
  mock: (item) => mockPickInput(item, '请点击选择用户'),
  schema: (item) => ({
    type: 'string',
    'x-component': 'UserField',
    'x-component-props': { multiple: item.options?.multiple, placeholder: item.options?.placeholder },
  }),
  readable: { lookup: () => async (items) => named(items, await realnamesOf(items)) },
  query: { views: ['sel_user'], Input: pickerQueryInput(UserField) },
  scaffold: () => ({
    type: 'user',
    label: '用户选择',
    icon: 'icon-gerenshezhi',
    options: { defaultValue: '', multiple: false, isCc: false, placeholder: '请点击选择用户', hidden: false, disabled: false },
    rules: [{ required: false, message: '必填项' }],
  }),
};
