import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { mockBox } from '../mock-kit.tsx';
import { MarkdownField, markdownReadable } from './MarkdownField.tsx';

export const markdown: WidgetRegistration = {
  type: 'markdown',
  label: 'Markdown',
  group: 'advanced',
  data: true,
  components: { MarkdownField },
  settings: ['defaultValue', 'height', 'hidden', 'disabled'],
  mock: (item) => mockBox(item, 'Markdown 编辑器'),
  schema: (item) => ({ type: 'string', 'x-component': 'MarkdownField', 'x-component-props': { height: item.options?.height } }),
  readable: markdownReadable,
  scaffold: () => ({
    type: 'markdown',
    label: 'Markdown',
    icon: 'icon-markdown',
    options: { height: 300, defaultValue: '', hidden: false, disabled: false },
    rules: [{ required: false, message: '必填项' }],
  }),
};
