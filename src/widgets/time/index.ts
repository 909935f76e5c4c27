import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { TimePicker } from '@formily/antd-v5';
import { timeMock } from './mock.tsx';

export const time: WidgetRegistration = {
  type: 'time',
  label: '时间选择框',
  group: 'basic',
  data: true,
  components: { TimePicker },
  settings: ['width', 'placeholder', 'defaultValue', 'format:time', 'clearable', 'hidden', 'disabled'],
  mock: timeMock,
  schema: (item) => ({
    type: 'string',
    'x-component': 'TimePicker',
    'x-component-props': {
      format: item.options?.format || 'HH:mm:ss',
      placeholder: item.options?.placeholder ?? '请选择',
      style: { width: item.options?.width ?? '100%' },
    },
  }),
  scaffold: () => ({
    type: 'time',
    label: '时间选择框',
    icon: 'icon-time',
    options: { width: '100%', defaultValue: '', format: 'HH:mm:ss', disabled: false, hidden: false, clearable: false, placeholder: '请选择' },
    rules: [{ required: false, message: '必填项' }],
  }),
};
