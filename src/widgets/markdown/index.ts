import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';

export const markdown: WidgetRegistration = {
  type: 'markdown',
  label: 'Markdown',
  group: 'advanced',
  data: true,
  schema: (item) => ({ type: 'string', 'x-component': 'MarkdownField', 'x-component-props': { height: item.options?.height } }),
  readable: { wide: true },
  scaffold: () => ({ type: 'markdown', label: 'Markdown', icon: 'icon-markdown', options: { height: 300, defaultValue: '', hidden: false, disabled: false }, rules: [{ required: false, message: '必填项' }] }),
};
