import type { Meta } from '@storybook/react-vite';
import { itemOf, standardStories } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';

export default { title: 'Widgets/多选框 checkbox', component: WidgetStory, parameters: { widgetTypes: ['checkbox'] } } satisfies Meta<typeof WidgetStory>;

const standard = standardStories('checkbox', '1,2');
export const Default = standard.Default;
export const Disabled = standard.Disabled;
export const ReadOnly = standard.ReadOnly;
export const RequiredError = standard.RequiredError;
export const DictSource = {
  args: { items: [itemOf('checkbox', { label: '支付方式' }, { dynamic: 'dict', dynamicKey: 'pay_method' })], values: { checkbox_value: '1,3' } },
};
