import type { Meta } from '@storybook/react-vite';
import { itemOf, standardStories } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';

export default { title: 'Widgets/Markdown markdown', component: WidgetStory, parameters: { widgetTypes: ['markdown'] } } satisfies Meta<typeof WidgetStory>;

const text = '# 希望工程\n\n- 助学\n- **圆梦**行动';
const standard = standardStories('markdown', text);
export const Default = standard.Default;
export const Disabled = standard.Disabled;
export const ReadOnly = standard.ReadOnly;
export const RequiredError = standard.RequiredError;
/** Below the 200 px minimum the editor stays 200 px high. */
export const MinimumHeight = { args: { items: [itemOf('markdown', { label: '说明' }, { height: 100 })], values: { markdown_value: text } } };
