import type { Meta } from '@storybook/react-vite';
import { itemOf, standardStories } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';
import { withAntApp } from '../story-stubs/stubs.tsx';

export default { title: 'Widgets/富文本 editor', component: WidgetStory, decorators: [withAntApp], parameters: { widgetTypes: ['editor'] } } satisfies Meta<
  typeof WidgetStory
>;

const html = '<p><span style="font-size: 24px;">希望工程</span> 助学<strong>项目</strong>简介</p>';
const standard = standardStories('editor', html);
export const Default = standard.Default;
export const Disabled = standard.Disabled;
export const ReadOnly = standard.ReadOnly;
export const RequiredError = standard.RequiredError;
export const ComponentHeight = { args: { items: [itemOf('editor', { label: '正文' }, { height: undefined })], values: { editor_value: html } } };
