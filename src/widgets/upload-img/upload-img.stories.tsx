import type { Meta } from '@storybook/react-vite';
import { itemOf, standardStories } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';
import { withAntApp } from '../story-stubs/stubs.tsx';

export default {
  title: 'Widgets/上传图片 uploadImg',
  component: WidgetStory,
  decorators: [withAntApp],
  parameters: { widgetTypes: ['uploadImg'] },
} satisfies Meta<typeof WidgetStory>;

// An absolute path is kept as it is, so Storybook's own static logo stands in for a stored image.
const PIXEL = '/logo.svg';
const standard = standardStories('uploadImg', PIXEL);
export const Default = standard.Default;
export const Disabled = standard.Disabled;
export const ReadOnly = standard.ReadOnly;
export const RequiredError = standard.RequiredError;
export const TextList = { args: { items: [itemOf('uploadImg', { label: '照片' }, { listType: 'text' })], values: { uploadImg_value: PIXEL } } };
export const PictureList = { args: { items: [itemOf('uploadImg', { label: '照片' }, { listType: 'picture' })], values: { uploadImg_value: PIXEL } } };
export const LimitOneFull = { args: { items: [itemOf('uploadImg', { label: '头像' }, { limit: 1 })], values: { uploadImg_value: PIXEL } } };
