import type { Meta } from '@storybook/react-vite';
import { itemOf, standardStories } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';

export default { title: 'Widgets/日期 date / datetime', component: WidgetStory, parameters: { widgetTypes: ['date', 'datetime'] } } satisfies Meta<
  typeof WidgetStory
>;

const standard = standardStories('date', '2026-11-22');
export const Default = standard.Default;
export const Disabled = standard.Disabled;
export const ReadOnly = standard.ReadOnly;
export const RequiredError = standard.RequiredError;
export const MonthPicker = { args: { items: [itemOf('date', { label: '月份' }, { format: 'YYYY-MM' })], values: { date_value: '2026-11' } } };
export const Range = { args: { items: [itemOf('date', { label: '起止日期' }, { range: true })] } };
export const DisabledFormerly = { args: { items: [itemOf('date', { label: '只能选以后' }, { disabledDate: 'formerly' })] } };
export const DateTime = { args: { items: [itemOf('datetime', { label: '支付时间' })], values: { datetime_value: '2026-11-22 10:30:00' } } };
