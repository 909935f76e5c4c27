import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { Input } from '@formily/antd-v5';
import { mockNote } from '../mock-kit.tsx';

/** A value carried with the record but never shown. */
export const hidden: WidgetRegistration = {
  type: 'hidden',
  label: '隐藏域',
  group: 'advanced',
  data: true,
  components: { Input },
  settings: ['defaultValue'],
  mock: () => mockNote('隐藏域（不显示在表单中）'),
  schema: () => ({ type: 'string', 'x-display': 'hidden', 'x-component': 'Input' }),
  scaffold: () => ({ type: 'hidden', label: '隐藏域', icon: 'icon-yincang', options: { defaultValue: '' } }),
};
