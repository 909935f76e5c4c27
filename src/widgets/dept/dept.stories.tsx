import type { Meta } from '@storybook/react-vite';
import { itemOf, standardStories } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';
import { withAntApp, withServerStub } from '../story-stubs/stubs.tsx';
import { PICKER_ROUTES } from './story-data.ts';

export default {
  title: 'Widgets/部门选择 dept',
  component: WidgetStory,
  decorators: [withServerStub(PICKER_ROUTES), withAntApp],
  parameters: { widgetTypes: ['dept'] },
} satisfies Meta<typeof WidgetStory>;

const standard = standardStories('dept', 'd2');
export const Default = standard.Default;
/** A stored value shows the department's name. */
export const WithValue = { args: { items: [itemOf('dept')], values: { dept_value: 'd3' } } };
export const Disabled = standard.Disabled;
export const ReadOnly = standard.ReadOnly;
export const RequiredError = standard.RequiredError;
/** Multi: any number of departments, parents and children checked independently. */
export const Multiple = { args: { items: [itemOf('dept', {}, { multiple: true })], values: { dept_value: 'd0,d4' } } };
