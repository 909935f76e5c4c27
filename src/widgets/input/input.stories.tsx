import type { Meta } from '@storybook/react-vite';
import { itemOf, standardStories } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';

export default { title: 'Widgets/单行文本 input', component: WidgetStory, parameters: { widgetTypes: ['input'] } } satisfies Meta<typeof WidgetStory>;

const standard = standardStories('input', '你好，希望工程');
export const Default = standard.Default;
export const Disabled = standard.Disabled;
export const ReadOnly = standard.ReadOnly;
export const RequiredError = standard.RequiredError;
export const WithMaxLength = { args: { items: [itemOf('input', { label: '限长10' }, { maxLength: 10, placeholder: '最多10个字' })] } };
export const Clearable = { args: { items: [itemOf('input', {}, { clearable: true })], values: { input_value: '可清空' } } };
export const PatternRule = {
  args: {
    items: [
      itemOf('input', {
        label: '手机号',
        rules: [
          { required: false, message: '必填项' },
          { pattern: '^1[3-9]\\d{9}$', message: '请输入正确的手机号码' },
        ],
      }),
    ],
    values: { input_value: '123' },
    validate: true,
  },
};
