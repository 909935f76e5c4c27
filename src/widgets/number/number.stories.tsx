import type { Meta } from '@storybook/react-vite';
import { itemOf, standardStories } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';

export default { title: 'Widgets/数字 number / integer', component: WidgetStory, parameters: { widgetTypes: ['number', 'integer'] } } satisfies Meta<
  typeof WidgetStory
>;

const standard = standardStories('number', 12.5);
export const Default = standard.Default;
export const Disabled = standard.Disabled;
export const ReadOnly = standard.ReadOnly;
export const RequiredError = standard.RequiredError;
export const Precision2 = { args: { items: [itemOf('number', { label: '金额' }, { precision: 2, min: 0, step: 0.5 })], values: { number_value: 100 } } };
export const MinMax = { args: { items: [itemOf('number', { label: '1到10' }, { min: 1, max: 10 })] } };
export const Integer = { args: { items: [itemOf('integer', { label: '整数' })], values: { integer_value: 3 } } };
