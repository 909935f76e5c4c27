import type { Meta } from '@storybook/react-vite';
import { itemOf, standardStories } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';

export default { title: 'Widgets/多行文本 textarea', component: WidgetStory, parameters: { widgetTypes: ['textarea'] } } satisfies Meta<typeof WidgetStory>;

const standard = standardStories('textarea', '第一行\n第二行');
export const Default = standard.Default;
export const Disabled = standard.Disabled;
export const ReadOnly = standard.ReadOnly;
export const RequiredError = standard.RequiredError;
export const Rows = { args: { items: [itemOf('textarea', {}, { minRows: 2, maxRows: 8 })] } };
