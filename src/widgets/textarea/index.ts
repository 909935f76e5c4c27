import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { Input } from '@formily/antd-v5';
import { textareaMock } from './mock.tsx';

export const textarea: WidgetRegistration = {
  type: 'textarea',
  label: '多行文本',
  group: 'basic',
  data: true,
  components: { Input },
  settings: ['width', 'placeholder', 'defaultValue', 'maxLength', 'minRows', 'maxRows', 'clearable', 'hidden', 'disabled'],
  mock: textareaMock,
  schema: (item) => ({
    type: 'string',
    'x-component': 'Input.TextArea',
    'x-component-props': {
      placeholder: item.options?.placeholder ?? '请输入',
      maxLength: item.options?.maxLength ?? undefined,
      autoSize: { minRows: item.options?.minRows ?? 4, maxRows: item.options?.maxRows ?? 6 },
      style: { width: item.options?.width ?? '100%' },
    },
  }),
  readable: { wide: true },
  scaffold: () => ({
    type: 'textarea',
    label: '多行文本',
    icon: 'icon-edit',
    options: { width: '100%', minRows: 4, maxRows: 6, maxLength: null, defaultValue: '', clearable: false, hidden: false, disabled: false, placeholder: '' },
    rules: [{ required: false, message: '必填项' }],
  }),
};
