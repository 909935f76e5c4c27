import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test-kit/server.ts';
import { itemOf } from '../story-kit/stories.tsx';
import { widgetOf } from '../registry.ts';
import { renderWidget } from '../test-kit.tsx';

/* The stories' tree: a menu with a sub-menu of two buttons and a data rule, and a bare menu. */
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
const ALL = 'GET /sys/permission/queryTreeList';
const DEPART = 'GET /sys/sysDepartPermission/queryTreeListForDeptRole';

const node = (title: string) => screen.getByText(title).closest<HTMLElement>('.ant-tree-treenode')!;
const box = (title: string) => node(title).querySelector<HTMLElement>('.ant-tree-checkbox')!;
const isChecked = (title: string) => box(title).classList.contains('ant-tree-checkbox-checked');
const checkedTitles = () => ['捐赠管理', '捐赠活动', '添加', '编辑', '数据规则：本部门', '系统管理'].filter(isChecked);

async function renderTree(value?: string) {
  const server = fakeServer({ [ALL]: () => ({ treeList: TREE, ids: [] }) });
  const view = await renderWidget('permissionTree', { value });
  await within(view.field()).findByText('系统管理');
  return { ...view, server };
}

describe('权限树 (permissionTree)', () => {
  it("checks a stored list's permissions in the whole tree, opened out", async () => {
    const { server } = await renderTree('m1,m2,b1');
    expect(checkedTitles()).toEqual(['捐赠管理', '捐赠活动', '添加']);
    expect(within(node('编辑')).getByText('按钮')).toBeInTheDocument();
    expect(within(node('数据规则：本部门')).getByText('数据规则')).toBeInTheDocument();
    expect(server.sentTo(ALL)).toHaveLength(1);
  });

  it('checks a menu and its buttons independently; checking a data rule checks its menu entry too', async () => {
    const { user, value } = await renderTree('m1,m2,b1');
    await user.click(box('编辑'));
    expect(value()).toBe('m1,m2,b1,b2');
    await user.click(box('捐赠管理'));
    expect(value()).toBe('m2,b1,b2');

    await user.click(box('捐赠活动'));
    expect(value()).toBe('b1,b2');
    await user.click(box('数据规则：本部门'));
    expect(value()).toBe('b1,b2,rule:r1,m2');
    expect(isChecked('捐赠活动')).toBe(true);
  });

  it('全部勾选 checks every permission and 取消全选 none', async () => {
    const { user, value } = await renderTree();
    await user.click(screen.getByRole('button', { name: '全部勾选' }));
    expect(value()).toBe('m1,m2,b1,b2,rule:r1,m3');
    expect(checkedTitles()).toHaveLength(6);
    await user.click(screen.getByRole('button', { name: '取消全选' }));
    expect(value()).toBe('');
  });

  it('read-only, nothing can be checked', async () => {
    const server = fakeServer({ [ALL]: () => ({ treeList: TREE }) });
    const { user, field, value } = await renderWidget('permissionTree', { value: 'm3', options: { readonly: true } });
    await within(field()).findByText('系统管理');
    expect(screen.getByRole('button', { name: '全部勾选' })).toBeDisabled();
    await user.click(box('捐赠管理'));
    expect(value()).toBe('m3');
    expect(server.sentTo(ALL)).toHaveLength(1);
  });

  describe("with a department field (a department role's permissions)", () => {
    it("offers the chosen department's permissions, asked for with its id", async () => {
      const server = fakeServer({ [DEPART]: () => ({ treeList: [TREE[1]] }) });
      await renderWidget('permissionTree', { options: { departField: 'departId' }, values: { departId: 'd7' } });
      expect(await screen.findByText('系统管理')).toBeInTheDocument();
      expect(screen.queryByText('捐赠管理')).not.toBeInTheDocument();
      expect(server.sentTo(DEPART).map((r) => r.params)).toEqual([{ departId: 'd7' }]);
      expect(server.sentTo(ALL)).toEqual([]);
    });

    it('asks for a department first and the server nothing', async () => {
      const server = fakeServer({});
      await renderWidget('permissionTree', { options: { departField: 'departId' } });
      expect(await screen.findByText('请先选择部门')).toBeInTheDocument();
      expect(server.requests).toEqual([]);
    });
  });

  it('reads in a detail as the granted pages, each with its granted buttons; buttons without their page say so', async () => {
    fakeServer({ [ALL]: () => ({ treeList: TREE }) });
    const lookup = widgetOf('permissionTree')!.readable!.lookup!(itemOf('permissionTree'), {})!;
    expect(await lookup(['m1', 'm2', 'b1', 'b2', 'm3'])).toBe('捐赠管理、捐赠活动（添加、编辑）、系统管理');
    expect(await lookup(['b2'])).toBe('捐赠活动（仅按钮：编辑）');
  });
});
