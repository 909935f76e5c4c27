import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { Input } from '@formily/antd-v5';
import { inputMock } from './mock.tsx';

export const input: WidgetRegistration = {
  type: 'input',
  label: '单行文本',
  group: 'basic',
  data: true,
  components: { Input },
  settings: ['width', 'placeholder', 'defaultValue', 'maxLength', 'isCc', 'clearable', 'hidden', 'disabled'],
  mock: inputMock,
  schema: (item) => ({
    type: 'string',
    'x-component': 'Input',
    'x-component-props': {
      placeholder: item.options?.placeholder ?? '请输入',
      maxLength: item.options?.maxLength ?? undefined,
      allowClear: item.options?.clearable,
      style: { width: item.options?.width ?? '100%' },
    },
  }),
  scaffold: () => ({
    type: 'input',
    label: '单行文本',
    icon: 'icon-input',
    options: { type: 'text', width: '100%', defaultValue: '', placeholder: '', clearable: false, maxLength: null, hidden: false, disabled: false, isCc: false },
    rules: [{ required: false, message: '必填项' }],
  }),
};
