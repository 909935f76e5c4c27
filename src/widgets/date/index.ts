import type { WidgetItem } from '../../core/schema/types.generated.ts';
import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { dateMock } from './mock.tsx';
import { DateField, disabledDateFn } from './DateField.tsx';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** A month picker when the format is YYYY-MM and it is not a range (spec section 4). */
export function dateProps(item: WidgetItem, showTime: boolean) {
  const o = item.options ?? {};
  const format = o.format || (showTime ? DATETIME_FORMAT : DATE_FORMAT);
  return {
    format,
    showTime: showTime || o.showTime || undefined,
    picker: format === 'YYYY-MM' && !o.range ? 'month' : undefined,
    range: o.range || undefined,
    placeholder: o.range ? (o.rangePlaceholder ?? ['开始日期', '结束日期']) : (o.placeholder ?? '请选择'),
    disabledDate: disabledDateFn(o),
    allowClear: o.clearable !== false,
    style: { width: o.width ?? '100%' },
  };
}

const scaffold = (type: 'date' | 'datetime', label: string, format: string) => (): Omit<WidgetItem, 'key'> => ({
  type,
  label,
  icon: 'icon-date',
  options: {
    width: '100%',
    defaultValue: '',
    rangeDefaultValue: [],
    range: false,
    showTime: type === 'datetime',
    disabled: false,
    hidden: false,
    clearable: true,
    placeholder: '请选择',
    rangePlaceholder: ['开始时间', '结束时间'],
    format,
  },
  rules: [{ required: false, message: '必填项' }],
});

export const date: WidgetRegistration = {
  type: 'date',
  label: '日期选择框',
  group: 'basic',
  data: true,
  components: { DateField },
  settings: [
    'width',
    'placeholder',
    'defaultValue',
    'format:date',
    'range',
    'showTime',
    'rangeDefaultValue',
    'rangePlaceholder',
    'disabledDate',
    'disabledDateRange',
    'clearable',
    'hidden',
    'disabled',
  ],
  mock: dateMock,
  schema: (item) => ({
    type: item.options?.range ? 'array' : 'string',
    'x-component': 'DateField',
    'x-component-props': dateProps(item, !!item.options?.showTime),
  }),
  scaffold: scaffold('date', '日期选择框', DATE_FORMAT),
};

export const datetime: WidgetRegistration = {
  type: 'datetime',
  label: '日期时间',
  group: 'basic',
  data: true,
  components: { DateField },
  settings: [
    'width',
    'placeholder',
    'defaultValue',
    'format:datetime',
    'range',
    'rangeDefaultValue',
    'rangePlaceholder',
    'disabledDate',
    'disabledDateRange',
    'clearable',
    'hidden',
    'disabled',
  ],
  mock: dateMock,
  schema: (item) => ({ type: item.options?.range ? 'array' : 'string', 'x-component': 'DateField', 'x-component-props': dateProps(item, true) }),
  scaffold: scaffold('datetime', '日期时间', DATETIME_FORMAT),
};
