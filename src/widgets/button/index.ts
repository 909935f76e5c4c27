import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { FormButton } from './FormButton.tsx';
import { buttonMock } from './mock.tsx';

/* No model and no rules (spec section 3): type, handle (submit, reset or dynamic) and dynamicFun. */
export const button: WidgetRegistration = {
  type: 'button',
  label: '按钮',
  group: 'advanced',
  data: false,
  components: { FormButton },
  settings: ['type:button', 'handle', 'dynamicFun:button', 'hidden', 'disabled'],
  mock: buttonMock,
  schema: (item) => ({
    type: 'void',
    'x-component': 'FormButton',
    'x-component-props': { text: item.label, buttonType: item.options?.type, handle: item.options?.handle, dynamicFun: item.options?.dynamicFun },
    'x-hidden': item.options?.hidden || undefined,
    'x-disabled': item.options?.disabled || undefined,
  }),
  scaffold: () => ({
    type: 'button',
    label: '按钮',
    icon: 'icon-button',
    options: { type: 'primary', handle: 'submit', dynamicFun: '', hidden: false, disabled: false },
  }),
};
