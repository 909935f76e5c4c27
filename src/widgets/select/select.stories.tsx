import type { Meta } from '@storybook/react-vite';
import { itemOf, standardStories } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';

export default { title: 'Widgets/下拉选择框 select', component: WidgetStory, parameters: { widgetTypes: ['select'] } } satisfies Meta<typeof WidgetStory>;

const standard = standardStories('select', '1');
export const Default = standard.Default;
export const Disabled = standard.Disabled;
export const ReadOnly = standard.ReadOnly;
export const RequiredError = standard.RequiredError;
export const DictSource = { args: { items: [itemOf('select', { label: '支付方式' }, { dynamic: 'dict', dynamicKey: 'pay_method' })] } };
export const Multiple = {
  args: { items: [itemOf('select', { label: '多选' }, { dynamic: 'dict', dynamicKey: 'pay_method', multiple: true })], values: { select_value: ['1', '2'] } },
};
