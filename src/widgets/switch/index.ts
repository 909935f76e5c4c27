import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { SwitchField } from './SwitchField.tsx';
import { switchMock } from './mock.tsx';
import { SEPARATOR } from '../../runtime/renderers/detail/readable.ts';

export const switchWidget: WidgetRegistration = {
  type: 'switch',
  label: '开关',
  group: 'basic',
  data: true,
  components: { SwitchField },
  settings: ['defaultValue:switch', 'activeValue', 'inactiveValue', 'hidden', 'disabled'],
  mock: switchMock,
  schema: (item) => ({
    type: 'string',
    'x-component': 'SwitchField',
    'x-component-props': { activeValue: item.options?.activeValue ?? 'Y', inactiveValue: item.options?.inactiveValue ?? 'N' },
  }),
  readable: {
    lookup: (widget) => {
      const on = String(widget.options?.activeValue ?? 'Y');
      return async (items) => items.map((v) => (v === on || v === 'true' ? '是' : '否')).join(SEPARATOR);
    },
  },
  scaffold: () => ({
    type: 'switch',
    label: '开关',
    icon: 'icon-kaiguan3',
    options: { defaultValue: false, hidden: false, disabled: false, activeValue: 'Y', inactiveValue: 'N' },
    rules: [{ required: false, message: '必填项' }],
  }),
};
