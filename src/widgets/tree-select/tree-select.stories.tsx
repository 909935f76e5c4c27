import type { Meta } from '@storybook/react-vite';
import { itemOf, standardStories } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';
import { withServerStub } from '../story-stubs/stubs.tsx';

const LEVELS: Record<string, { value: string; title: string; leaf: boolean }[]> = {
  '': [
    { value: 'a', title: '华北片区', leaf: false },
    { value: 'b', title: '华南片区', leaf: true },
  ],
  a: [
    { value: 'a1', title: '北京办事处', leaf: true },
    { value: 'a2', title: '天津办事处', leaf: true },
  ],
};
const server = withServerStub({ '/sys/dict/loadTreeData': (url) => LEVELS[url.searchParams.get('pid') ?? ''] ?? [] });

export default {
  title: 'Widgets/树选择器 treeSelect',
  component: WidgetStory,
  decorators: [server],
  parameters: { widgetTypes: ['treeSelect'] },
} satisfies Meta<typeof WidgetStory>;

const standard = standardStories('treeSelect', '11');
export const Default = standard.Default;
export const Disabled = standard.Disabled;
export const ReadOnly = standard.ReadOnly;
export const RequiredError = standard.RequiredError;
export const Multiple = { args: { items: [itemOf('treeSelect', {}, { multiple: true })], values: { treeSelect_value: '11,2' } } };
export const TreeDictionary = { args: { items: [itemOf('treeSelect', { label: '片区' }, { dictTable: 'hope_region', dictText: 'name', dictCode: 'id' })] } };
/** 组件JTreeSelect-condition传值有误，需要一个json字符串! */
export const BadCondition = {
  args: { items: [itemOf('treeSelect', { label: '片区' }, { dictTable: 'hope_region', dictText: 'name', dictCode: 'id', condition: '[1,2]' })] },
};
