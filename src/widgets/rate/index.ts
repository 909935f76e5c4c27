import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { connect, mapProps } from '@formily/react';
import { Rate } from 'antd';
import { rateMock } from './mock.tsx';

export const rate: WidgetRegistration = {
  type: 'rate',
  label: '评分',
  group: 'basic',
  data: true,
  components: { Rate: connect(Rate, mapProps({ readOnly: 'disabled' })) },
  settings: ['defaultValue:number', 'max', 'allowHalf', 'hidden', 'disabled'],
  mock: rateMock,
  schema: (item) => ({ type: 'number', 'x-component': 'Rate', 'x-component-props': { count: item.options?.max ?? 5, allowHalf: !!item.options?.allowHalf } }),
  scaffold: () => ({
    type: 'rate',
    label: '评分',
    icon: 'icon-pingfen_moren',
    options: { defaultValue: 0, max: 5, allowHalf: false, hidden: false, disabled: false },
    rules: [{ required: false, message: '必填项' }],
  }),
};
