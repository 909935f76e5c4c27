import type { Meta } from '@storybook/react-vite';
import { standardStories } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';

export default { title: 'Widgets/密码 password', component: WidgetStory, parameters: { widgetTypes: ['password'] } } satisfies Meta<typeof WidgetStory>;

const standard = standardStories('password', 'secret');
export const Default = standard.Default;
export const Disabled = standard.Disabled;
export const ReadOnly = standard.ReadOnly;
export const RequiredError = standard.RequiredError;
