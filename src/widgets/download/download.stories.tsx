import type { Meta } from '@storybook/react-vite';
import { itemOf, standardStories } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';
import { withAntApp } from '../story-stubs/stubs.tsx';

export default {
  title: 'Widgets/文件下载 download',
  component: WidgetStory,
  decorators: [withAntApp],
  parameters: { widgetTypes: ['download'] },
} satisfies Meta<typeof WidgetStory>;

const standard = standardStories('download', 'temp/20260101/0123456789abcdef0123456789abcdef.pdf');
export const Default = standard.Default;
export const Disabled = standard.Disabled;
export const ReadOnly = standard.ReadOnly;
export const RequiredError = standard.RequiredError;
/** Clicking warns 未知的文件. */
export const Empty = { args: { items: [itemOf('download', { label: '空文件' })] } };
export const SeveralFiles = {
  args: {
    items: [itemOf('download', { label: '多个文件' })],
    values: { download_value: 'temp/20260101/0123456789abcdef0123456789abcdef.pdf,temp/20260101/fedcba9876543210fedcba9876543210.txt' },
  },
};
