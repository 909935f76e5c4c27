import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';

/** A value carried with the record but never shown. */
export const hidden: WidgetRegistration = {
  type: 'hidden',
  label: '隐藏域',
  group: 'advanced',
  data: true,
  schema: () => ({ type: 'string', 'x-display': 'hidden', 'x-component': 'Input' }),
  scaffold: () => ({ type: 'hidden', label: '隐藏域', icon: 'icon-yincang', options: { defaultValue: '' } }),
};
