import type { Meta } from '@storybook/react-vite';
import { itemOf, standardStories } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';

export default { title: 'Widgets/滑动输入条 slider', component: WidgetStory, parameters: { widgetTypes: ['slider'] } } satisfies Meta<typeof WidgetStory>;

const standard = standardStories('slider', 40);
export const Default = standard.Default;
export const Disabled = standard.Disabled;
export const ReadOnly = standard.ReadOnly;
export const RequiredError = standard.RequiredError;
export const Step10 = { args: { items: [itemOf('slider', {}, { min: 0, max: 200, step: 10 })], values: { slider_value: 120 } } };
