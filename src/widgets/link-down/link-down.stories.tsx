import type { Meta } from '@storybook/react-vite';
import { itemOf, standardStories } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';
import { withServerStub } from '../story-stubs/stubs.tsx';
import { regionLevel } from './story-data.ts';

/* The linked dropdown over a stubbed region tree: province → city → district. */
const server = withServerStub({ '/online/cgform/api/querySelectOptions': (url) => regionLevel(url.searchParams.get('pidValue')) });

export default { title: 'Widgets/联动下拉框 linkDown', component: WidgetStory, decorators: [server], parameters: { widgetTypes: ['linkDown'] } } satisfies Meta<
  typeof WidgetStory
>;

const region = itemOf(
  'linkDown',
  { label: '地区', model: 'province' },
  { linkTable: 'region', linkTxt: 'name', linkKey: 'code', linkIdField: 'id', linkPidField: 'pid', linkFields: 'city,district' },
);

export const Default = { args: { items: [region] } };
/** A loaded record: each level's options load in turn. */
export const Loaded = { args: { items: [region], values: { province: '33', city: '3301', district: '330106' } } };
export const Disabled = { args: { items: [{ ...region, options: { ...region.options, disabled: true } }], values: { province: '33', city: '3301' } } };
export const ReadOnly = { args: { items: [{ ...region, options: { ...region.options, readonly: true } }], values: { province: '33' } } };
export const RequiredError = { args: { items: [{ ...region, rules: [{ required: true, message: '请选择地区' }] }], validate: true } };
/** Without table, text, key or parent field: 联动下拉框参数未正确配置! */
export const MissingConfig = standardStories('linkDown').Default;
