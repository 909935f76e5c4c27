import type { Meta } from '@storybook/react-vite';
import { PICKER_ROUTES } from '../dept/story-data.ts';
import { itemOf, standardStories } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';
import { withAntApp, withServerStub } from '../story-stubs/stubs.tsx';

export default {
  title: 'Widgets/用户选择 user',
  component: WidgetStory,
  decorators: [withServerStub(PICKER_ROUTES), withAntApp],
  parameters: { widgetTypes: ['user'] },
} satisfies Meta<typeof WidgetStory>;

const standard = standardStories('user', 'zhangwei');
export const Default = standard.Default;
export const Disabled = standard.Disabled;
export const ReadOnly = standard.ReadOnly;
export const RequiredError = standard.RequiredError;
/** Multi: checkboxes, up to 99 users. */
export const Multiple = { args: { items: [itemOf('user', {}, { multiple: true })], values: { user_value: 'lina,wangfang' } } };
/** ${username} resolves to the signed-in user's account (here: none signed in). */
export const Placeholder = { args: { items: [itemOf('user', {}, { placeholder: '请选择经办人' })] } };
