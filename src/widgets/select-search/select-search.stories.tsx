import type { Meta } from '@storybook/react-vite';
import { itemOf, standardStories } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';
import { withAntApp, withServerStub } from '../story-stubs/stubs.tsx';

const PROJECTS = [
  { value: 'p1', text: '希望小学援建' },
  { value: 'p2', text: '圆梦助学' },
  { value: 'p3', text: '希望厨房' },
].map((o) => ({ ...o, label: o.text, title: o.text }));

const server = withServerStub({
  '/sys/dict/loadDict/': (url) => PROJECTS.filter((p) => p.text.includes(url.searchParams.get('keyword') ?? '')),
  '/sys/dict/loadDictItem/': (url) => (url.searchParams.get('key') ?? '').split(',').map((k) => PROJECTS.find((p) => p.value === k)?.text ?? k),
});

export default {
  title: 'Widgets/搜索下拉框 selectSearch',
  component: WidgetStory,
  decorators: [server, withAntApp],
  parameters: { widgetTypes: ['selectSearch'] },
} satisfies Meta<typeof WidgetStory>;

const table = { dictTable: 'hope_project', dictText: 'name', dictCode: 'id' };
const configured = (overrides = {}, options = {}) => itemOf('selectSearch', overrides, { ...table, ...options });
export const Default = { args: { items: [configured()] } };
export const Disabled = { args: { items: [configured({}, { disabled: true })], values: { selectSearch_value: 'p2' } } };
export const ReadOnly = { args: { items: [configured({}, { readonly: true })], values: { selectSearch_value: 'p2' } } };
export const RequiredError = { args: { items: [configured({ rules: [{ required: true, message: '必填项' }] })], validate: true } };
/** Without table, text and code: 表字典搜索组件参数接收有误,请检查字典配置! */
export const MissingDictionary = standardStories('selectSearch').Default;
