import type { Meta } from '@storybook/react-vite';
import { itemOf, standardStories } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';
import { withServerStub } from '../story-stubs/stubs.tsx';

/* The linked dropdown over a stubbed region tree: province → city → district. */
const REGIONS = [
  { id: 'p33', pid: '', store: '33', label: '浙江省' },
  { id: 'p53', pid: '', store: '53', label: '云南省' },
  { id: 'c3301', pid: 'p33', store: '3301', label: '杭州市' },
  { id: 'c3302', pid: 'p33', store: '3302', label: '宁波市' },
  { id: 'c5301', pid: 'p53', store: '5301', label: '昆明市' },
  { id: 'd330106', pid: 'c3301', store: '330106', label: '西湖区' },
  { id: 'd330108', pid: 'c3301', store: '330108', label: '滨江区' },
];

const server = withServerStub({
  '/online/cgform/api/querySelectOptions': (url) => {
    const pid = url.searchParams.get('pidValue') ?? '';
    return REGIONS.filter((r) => r.pid === pid).map(({ id, store, label }) => ({ id, store, label }));
  },
});

export default { title: 'Widgets/联动下拉框 linkDown', component: WidgetStory, decorators: [server], parameters: { widgetTypes: ['linkDown'] } } satisfies Meta<typeof WidgetStory>;

const region = itemOf('linkDown', { label: '地区', model: 'province' }, { linkTable: 'region', linkTxt: 'name', linkKey: 'code', linkIdField: 'id', linkPidField: 'pid', linkFields: 'city,district' });

export const Default = { args: { items: [region] } };
/** A loaded record: each level's options load in turn. */
export const Loaded = { args: { items: [region], values: { province: '33', city: '3301', district: '330106' } } };
export const Disabled = { args: { items: [{ ...region, options: { ...region.options, disabled: true } }], values: { province: '33', city: '3301' } } };
export const ReadOnly = { args: { items: [{ ...region, options: { ...region.options, readonly: true } }], values: { province: '33' } } };
export const RequiredError = { args: { items: [{ ...region, rules: [{ required: true, message: '请选择地区' }] }], validate: true } };
/** Without table, text, key or parent field: 联动下拉框参数未正确配置! */
export const MissingConfig = standardStories('linkDown').Default;
