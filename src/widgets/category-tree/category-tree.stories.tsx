import type { Meta } from '@storybook/react-vite';
import { itemOf, standardStories } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';
import { withServerStub } from '../story-stubs/stubs.tsx';

const node = (value: string, title: string, code: string, isLeaf: boolean, parentId: string | null = null) => ({
  key: value,
  value,
  title,
  label: title,
  code,
  parentId,
  isLeaf,
  leaf: isLeaf,
});
const ROOTS: Record<string, ReturnType<typeof node>[]> = {
  '': [node('c1', '助学类别', 'B01', false), node('c2', '项目类别', 'B02', false)],
  B01: [node('c11', '学费资助', 'B01A01', false, 'c1'), node('c12', '生活补助', 'B01A02', true, 'c1')],
};
const CHILDREN: Record<string, ReturnType<typeof node>[]> = {
  c1: ROOTS.B01,
  c11: [node('c111', '小学学费', 'B01A01A01', true, 'c11'), node('c112', '初中学费', 'B01A01A02', true, 'c11')],
  c2: [node('c21', '希望小学建设', 'B02A01', true, 'c2')],
};
const NAMES: Record<string, string> = {
  c1: '助学类别',
  c11: '学费资助',
  c12: '生活补助',
  c111: '小学学费',
  c112: '初中学费',
  c2: '项目类别',
  c21: '希望小学建设',
};
const server = withServerStub({
  '/sys/category/loadTreeRoot': (url) => ROOTS[url.searchParams.get('pcode') ?? ''] ?? [],
  '/sys/category/loadTreeChildren': (url) => CHILDREN[url.searchParams.get('pid') ?? ''] ?? [],
  '/sys/category/loadDictItem': (url) => (url.searchParams.get('ids') ?? '').split(',').map((id) => NAMES[id] ?? id),
});

export default {
  title: 'Widgets/分类字典树 categoryTree',
  component: WidgetStory,
  decorators: [server],
  parameters: { widgetTypes: ['categoryTree'] },
} satisfies Meta<typeof WidgetStory>;

const standard = standardStories('categoryTree', 'c111');
export const Default = standard.Default;
/** A stored id deeper than the loaded level still shows its name (loadDictItem). */
export const WithValue = { args: { items: [itemOf('categoryTree')], values: { categoryTree_value: 'c111' } } };
export const Disabled = standard.Disabled;
export const ReadOnly = standard.ReadOnly;
export const RequiredError = standard.RequiredError;
/** pcode B01: only the categories under 助学类别. */
export const UnderParentCode = { args: { items: [itemOf('categoryTree', { label: '助学类别' }, { pcode: 'B01' })] } };
export const Multiple = { args: { items: [itemOf('categoryTree', {}, { multiple: true })], values: { categoryTree_value: 'c12,c21' } } };
