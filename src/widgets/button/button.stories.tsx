import type { Meta } from '@storybook/react-vite';
import { itemOf } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';
import { withAntApp } from '../story-stubs/stubs.tsx';

export default { title: 'Widgets/按钮 button', component: WidgetStory, decorators: [withAntApp], parameters: { widgetTypes: ['button'] } } satisfies Meta<
  typeof WidgetStory
>;

const required = itemOf('input', { key: 'name', label: '姓名', model: 'name', rules: [{ required: true, message: '请输入姓名' }] });

/** Submit validates the form: with 姓名 empty it shows 请输入姓名. */
export const Submit = { args: { items: [required, itemOf('button', { label: '提交' })] } };
export const Reset = { args: { items: [required, itemOf('button', { label: '重置' }, { type: 'default', handle: 'reset' })], values: { name: '张三' } } };
export const Dashed = { args: { items: [itemOf('button', { label: '虚线按钮' }, { type: 'dashed' })] } };
export const Danger = { args: { items: [itemOf('button', { label: '危险按钮' }, { type: 'danger' })] } };
/** A function name nobody registered: a warning, nothing run. */
export const DynamicUnknown = { args: { items: [itemOf('button', { label: '自定义' }, { handle: 'dynamic', dynamicFun: 'doSomething' })] } };
export const Disabled = { args: { items: [itemOf('button', { label: '禁用按钮' }, { disabled: true })] } };
