import type { Meta } from '@storybook/react-vite';
import { itemOf, standardStories } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';

export default { title: 'Widgets/评分 rate', component: WidgetStory, parameters: { widgetTypes: ['rate'] } } satisfies Meta<typeof WidgetStory>;

const standard = standardStories('rate', 3);
export const Default = standard.Default;
export const Disabled = standard.Disabled;
export const ReadOnly = standard.ReadOnly;
export const RequiredError = standard.RequiredError;
export const AllowHalf = { args: { items: [itemOf('rate', {}, { allowHalf: true })], values: { rate_value: 2.5 } } };
export const Max10 = { args: { items: [itemOf('rate', {}, { max: 10 })], values: { rate_value: 7 } } };
