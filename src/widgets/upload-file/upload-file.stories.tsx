import type { Meta } from '@storybook/react-vite';
import { itemOf, standardStories } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';
import { withAntApp } from '../story-stubs/stubs.tsx';

export default {
  title: 'Widgets/上传文件 uploadFile',
  component: WidgetStory,
  decorators: [withAntApp],
  parameters: { widgetTypes: ['uploadFile'] },
} satisfies Meta<typeof WidgetStory>;

const stored = 'temp/20260101/0123456789abcdef0123456789abcdef.pdf,temp/20260101/fedcba9876543210fedcba9876543210.xlsx';
const standard = standardStories('uploadFile', stored);
export const Default = standard.Default;
export const Disabled = standard.Disabled;
export const ReadOnly = standard.ReadOnly;
export const RequiredError = standard.RequiredError;
export const WithFiles = { args: { items: [itemOf('uploadFile')], values: { uploadFile_value: stored } } };
export const LimitOne = {
  args: { items: [itemOf('uploadFile', { label: '合同' }, { limit: 1 })], values: { uploadFile_value: 'temp/20260101/0123456789abcdef0123456789abcdef.pdf' } },
};
export const Drag = { args: { items: [itemOf('uploadFile', { label: '附件' }, { drag: true, multiple: true })] } };
