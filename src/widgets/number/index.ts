import type { WidgetItem } from '../../core/schema/types.generated.ts';
import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { NumberPicker } from '@formily/antd-v5';
import { numberMock } from './mock.tsx';

/**
 * Precision 0 to 50; above 50 or unset means none. Min and max are open when unset (spec section 5). They
 * are checked with a message (numberRange), not handed to the input, which would silently turn -5 into 0.
 */
export function numberProps(item: WidgetItem, integer: boolean) {
  const o = item.options ?? {};
  const precision = integer || o.integer ? 0 : typeof o.precision === 'number' && o.precision >= 0 && o.precision <= 50 ? o.precision : undefined;
  return {
    step: o.step ?? 1,
    precision,
    placeholder: o.placeholder ?? '请输入',
    style: { width: o.width ?? '100%' },
  };
}

/** The widget's own range as validators: '目标金额不能小于0', as the server says it. */
export function numberRange(item: WidgetItem): Record<string, unknown>[] {
  const o = item.options ?? {};
  return [
    ...(typeof o.min === 'number' ? [{ minimum: o.min, message: `${item.label}不能小于${o.min}` }] : []),
    ...(typeof o.max === 'number' ? [{ maximum: o.max, message: `${item.label}不能大于${o.max}` }] : []),
  ];
}

const scaffold = (type: 'number' | 'integer', label: string) => (): Omit<WidgetItem, 'key'> => ({
  type,
  label,
  icon: 'icon-number',
  options: {
    width: '100%',
    defaultValue: 0,
    min: null,
    max: null,
    precision: type === 'integer' ? 0 : null,
    step: 1,
    integer: type === 'integer',
    hidden: false,
    disabled: false,
    placeholder: '',
  },
  rules: [{ required: false, message: '必填项' }],
});

export const number: WidgetRegistration = {
  type: 'number',
  label: '数字输入框',
  group: 'basic',
  data: true,
  components: { NumberPicker },
  settings: ['width', 'placeholder', 'defaultValue:number', 'min', 'max', 'step', 'integer', 'precision', 'hidden', 'disabled'],
  mock: numberMock,
  schema: (item) => ({ type: 'number', 'x-component': 'NumberPicker', 'x-component-props': numberProps(item, false), 'x-validator': numberRange(item) }),
  scaffold: scaffold('number', '数字输入框'),
};

export const integer: WidgetRegistration = {
  type: 'integer',
  label: '整数',
  group: 'basic',
  data: true,
  components: { NumberPicker },
  settings: ['width', 'placeholder', 'defaultValue:number', 'min', 'max', 'step', 'hidden', 'disabled'],
  mock: numberMock,
  schema: (item) => ({ type: 'number', 'x-component': 'NumberPicker', 'x-component-props': numberProps(item, true), 'x-validator': numberRange(item) }),
  scaffold: scaffold('integer', '整数'),
};
