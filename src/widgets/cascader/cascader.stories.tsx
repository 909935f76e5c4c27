import type { Meta } from '@storybook/react-vite';
import { itemOf, standardStories } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';

export default { title: 'Widgets/级联选择器 cascader', component: WidgetStory, parameters: { widgetTypes: ['cascader'] } } satisfies Meta<typeof WidgetStory>;

const standard = standardStories('cascader', ['1', '11']);
export const Default = standard.Default;
export const Disabled = standard.Disabled;
export const ReadOnly = standard.ReadOnly;
export const RequiredError = standard.RequiredError;
export const DeeperOptions = {
  args: {
    items: [
      itemOf(
        'cascader',
        { label: '项目分类' },
        { options: [{ value: 'edu', label: '教育', children: [{ value: 'school', label: '学校', children: [{ value: 'primary', label: '小学' }] }] }] },
      ),
    ],
    values: { cascader_value: ['edu', 'school', 'primary'] },
  },
};
