import type { Meta } from '@storybook/react-vite';
import { itemOf, standardStories } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';
import { withServerStub } from '../story-stubs/stubs.tsx';

const TREE = [
  {
    key: 'm1',
    title: '捐赠管理',
    kind: 0,
    children: [
      {
        key: 'm2',
        title: '捐赠活动',
        kind: 1,
        children: [
          { key: 'b1', title: '添加', kind: 2 },
          { key: 'b2', title: '编辑', kind: 2 },
          { key: 'rule:r1', title: '数据规则：本部门', kind: 'rule' },
        ],
      },
    ],
  },
  { key: 'm3', title: '系统管理', kind: 0 },
];
const server = withServerStub({ '/sys/permission/queryTreeList': () => ({ treeList: TREE, ids: [] }) });

export default {
  title: 'Widgets/权限树 permissionTree',
  component: WidgetStory,
  decorators: [server],
  parameters: { widgetTypes: ['permissionTree'] },
} satisfies Meta<typeof WidgetStory>;

const standard = standardStories('permissionTree', 'm1,m2,b1');
export const Default = standard.Default;
export const Disabled = standard.Disabled;
export const ReadOnly = standard.ReadOnly;
export const RequiredError = standard.RequiredError;
/** A menu with its data rule checked. */
export const WithDataRule = { args: { items: [itemOf('permissionTree', { label: '授权' })], values: { permissionTree_value: 'm1,m2,rule:r1' } } };
