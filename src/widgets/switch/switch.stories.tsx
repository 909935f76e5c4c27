import type { Meta } from '@storybook/react-vite';
import { itemOf, standardStories } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';

export default { title: 'Widgets/开关 switch', component: WidgetStory, parameters: { widgetTypes: ['switch'] } } satisfies Meta<typeof WidgetStory>;

const standard = standardStories('switch', 'Y');
export const Default = standard.Default;
export const Disabled = standard.Disabled;
export const ReadOnly = standard.ReadOnly;
export const RequiredError = standard.RequiredError;
export const CustomPair = { args: { items: [itemOf('switch', { label: '启用' }, { activeValue: '1', inactiveValue: '0' })], values: { switch_value: '1' } } };
