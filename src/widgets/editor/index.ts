import type { WidgetRegistration } from '../../runtime/widgets/contract.ts';
import { mockBox } from '../mock-kit.tsx';
import { EditorField } from './EditorField.tsx';
import { richTextReadable } from './readable.tsx';

export const editor: WidgetRegistration = {
  type: 'editor',
  label: '富文本',
  group: 'advanced',
  data: true,
  components: { EditorField },
  settings: ['width', 'defaultValue', 'height', 'chinesization', 'showLabel', 'hidden', 'disabled'],
  mock: (item) => mockBox(item, '富文本编辑器'),
  schema: (item) => ({ type: 'string', 'x-component': 'EditorField', 'x-component-props': { height: item.options?.height } }),
  // 300 is the designer's height (spec section 9); the component itself defaults to 500.
  readable: richTextReadable,
  scaffold: () => ({
    type: 'editor',
    label: '富文本',
    icon: 'icon-LC_icon_edit_line_1',
    options: { height: 300, defaultValue: '', chinesization: true, hidden: false, disabled: false, showLabel: false, width: '100%' },
    rules: [{ required: false, message: '必填项' }],
  }),
};
