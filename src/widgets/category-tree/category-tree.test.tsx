import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test-kit/server.ts';
import { widgetOf } from '../registry.ts';
import { renderWidget } from '../test-kit.tsx';

/*
 * The stories' category dictionary, served level by level as /sys/category answers it:
 * 助学类别 (B01) › 学费资助 › 小学学费 · 初中学费, 助学类别 › 生活补助; 项目类别 (B02) › 希望小学建设.
 */
const ROOTS = 'GET /sys/category/loadTreeRoot';
const CHILDREN = 'GET /sys/category/loadTreeChildren';
const NAMES = 'GET /sys/category/loadDictItem/';

const node = (value: string, title: string, code: string, isLeaf: boolean, parentId: string | null = null) => ({
  key: value,
  value,
  title,
  code,
  parentId,
  isLeaf,
});
const UNDER_CODE: Record<string, ReturnType<typeof node>[]> = {
  '': [node('c1', '助学类别', 'B01', false), node('c2', '项目类别', 'B02', false)],
  B01: [node('c11', '学费资助', 'B01A01', false, 'c1'), node('c12', '生活补助', 'B01A02', true, 'c1')],
};
const UNDER_ID: Record<string, ReturnType<typeof node>[]> = {
  c1: UNDER_CODE.B01,
  c11: [node('c111', '小学学费', 'B01A01A01', true, 'c11'), node('c112', '初中学费', 'B01A01A02', true, 'c11')],
  c2: [node('c21', '希望小学建设', 'B02A01', true, 'c2')],
};
const TITLES = new Map(
  Object.values(UNDER_ID)
    .flat()
    .concat(UNDER_CODE[''])
    .map((n) => [n.value, n.title]),
);

const categoryServer = () =>
  fakeServer({
    [ROOTS]: ({ params }) => UNDER_CODE[params.pcode ?? ''] ?? [],
    [CHILDREN]: ({ params }) => UNDER_ID[params.pid] ?? [],
    [NAMES]: ({ params }) => params.ids.split(',').map((id) => TITLES.get(id) ?? id),
  });

async function renderCategories(value?: string, options: { pcode?: string; multiple?: boolean } = {}) {
  const server = categoryServer();
  const view = await renderWidget('categoryTree', { value, options });
  // The open tree sits inside the form item too: what the field shows is its selection items.
  const shown = () => [...view.field().querySelectorAll('.ant-select-selection-item')].map((item) => item.textContent);
  return { ...view, server, shown, select: () => within(view.field()).getByRole('combobox') };
}

/** Opens a tree node's next level (antd's switcher beside its title). */
const expand = async (user: Awaited<ReturnType<typeof renderCategories>>['user'], title: string) => {
  const row = (await screen.findByTitle(title)).closest<HTMLElement>('.ant-select-tree-treenode')!;
  await user.click(row.querySelector<HTMLElement>('.ant-select-tree-switcher')!);
};

describe('分类字典树 (categoryTree)', () => {
  it('shows a stored id below the loaded level by its name, asked for by id', async () => {
    const { shown, server } = await renderCategories('c111');
    await waitFor(() => expect(shown()).toEqual(['小学学费']));
    expect(server.sentTo(NAMES).map((r) => r.params)).toEqual([{ ids: 'c111' }]);
    // The top level of the whole dictionary, its children loaded when opened.
    expect(server.sentTo(ROOTS).map((r) => r.params)).toEqual([{ async: 'true' }]);
  });

  it('a category chosen two levels down is the value, each level asked for by its parent id', async () => {
    const { user, select, value, shown, server } = await renderCategories();
    await user.click(select());
    await expand(user, '助学类别');
    await expand(user, '学费资助');
    await user.click(await screen.findByTitle('初中学费'));
    expect(value()).toBe('c112');
    expect(shown()).toEqual(['初中学费']);
    expect(server.sentTo(CHILDREN).map((r) => r.params)).toEqual([{ pid: 'c1' }, { pid: 'c11' }]);
    // Every name came with the tree: none is asked for.
    expect(server.sentTo(NAMES)).toEqual([]);
  });

  it('with a parent code it offers only the categories under it', async () => {
    const { user, select, server } = await renderCategories(undefined, { pcode: 'B01' });
    await user.click(select());
    expect(await screen.findByTitle('学费资助')).toBeInTheDocument();
    expect(screen.queryByTitle('项目类别')).not.toBeInTheDocument();
    expect(server.sentTo(ROOTS).map((r) => r.params)).toEqual([{ pcode: 'B01', async: 'true' }]);
  });

  it('multiple: the ids travel as a comma list, a choice adding to those stored', async () => {
    const { user, select, value, shown } = await renderCategories('c12,c21', { multiple: true });
    await waitFor(() => expect(shown()).toEqual(['生活补助', '希望小学建设']));
    await user.click(select());
    await user.click(await screen.findByTitle('项目类别'));
    await waitFor(() => expect(value()).toBe('c12,c21,c2'));
  });

  it('a detail reads the stored ids as names; an id the server cannot name stays as stored', async () => {
    categoryServer();
    const item = { ...widgetOf('categoryTree')!.scaffold(), key: 'category_detail', model: 'category' };
    const lookup = widgetOf('categoryTree')!.readable!.lookup!(item, {})!;
    expect(await lookup(['c111', 'gone', 'c2'])).toBe('小学学费、gone、项目类别');
  });
});
