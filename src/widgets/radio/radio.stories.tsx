import type { Meta } from '@storybook/react-vite';
import { itemOf, standardStories } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';

export default { title: 'Widgets/单选框 radio', component: WidgetStory, parameters: { widgetTypes: ['radio'] } } satisfies Meta<typeof WidgetStory>;

const standard = standardStories('radio', '2');
export const Default = standard.Default;
export const Disabled = standard.Disabled;
export const ReadOnly = standard.ReadOnly;
export const RequiredError = standard.RequiredError;
export const DictSource = { args: { items: [itemOf('radio', { label: '性别' }, { dynamic: 'dict', dynamicKey: 'sex' })], values: { radio_value: '1' } } };
