import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { Password } from '@formily/antd-v5';
import { passwordMock } from './mock.tsx';

export const password: WidgetRegistration = {
  type: 'password',
  label: '密码',
  group: 'basic',
  data: true,
  components: { Password },
  settings: ['width', 'placeholder', 'defaultValue', 'hidden', 'disabled'],
  mock: passwordMock,
  schema: (item) => ({
    type: 'string',
    'x-component': 'Password',
    'x-component-props': { placeholder: item.options?.placeholder ?? '请输入', style: { width: item.options?.width ?? '100%' } },
  }),
  scaffold: () => ({
    type: 'password',
    label: '密码',
    icon: 'icon-password',
    options: { width: '100%', placeholder: '', hidden: false, disabled: false },
    rules: [{ required: false, message: '必填项' }],
  }),
};
