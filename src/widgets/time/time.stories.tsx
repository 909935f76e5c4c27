import type { Meta } from '@storybook/react-vite';
import { standardStories } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';

export default { title: 'Widgets/时间 time', component: WidgetStory, parameters: { widgetTypes: ['time'] } } satisfies Meta<typeof WidgetStory>;

const standard = standardStories('time', '08:30:00');
export const Default = standard.Default;
export const Disabled = standard.Disabled;
export const ReadOnly = standard.ReadOnly;
export const RequiredError = standard.RequiredError;
