import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { connect } from '@formily/react';
import { Slider } from 'antd';
import { sliderMock } from './mock.tsx';

export const slider: WidgetRegistration = {
  type: 'slider',
  label: '滑动输入条',
  group: 'basic',
  data: true,
  components: { Slider: connect(Slider) },
  settings: ['width', 'defaultValue:number', 'min', 'max', 'step', 'showInput', 'hidden', 'disabled'],
  mock: sliderMock,
  schema: (item) => ({
    type: 'number',
    'x-component': 'Slider',
    'x-component-props': { min: item.options?.min ?? 0, max: item.options?.max ?? 100, step: item.options?.step ?? 1 },
  }),
  scaffold: () => ({
    type: 'slider',
    label: '滑动输入条',
    icon: 'icon-menu',
    options: { width: '100%', defaultValue: 0, disabled: false, hidden: false, min: 0, max: 100, step: 1, showInput: false },
    rules: [{ required: false, message: '必填项' }],
  }),
};
