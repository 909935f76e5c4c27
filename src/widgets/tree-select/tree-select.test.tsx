import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { QueryItem } from '../../core/schema/types.generated.ts';
import { renderUi } from '../../test-kit/render.tsx';
import { fakeServer } from '../../test-kit/server.ts';
import { widgetOf } from '../registry.ts';
import { renderWidget, type WidgetView } from '../test-kit.tsx';

/*
 * The scaffold's static tree (选项1 › 选项11, 选项2) and a tree dictionary of regions the server answers
 * one level at a time, as the stories do: 华北片区 › 北京办事处 / 天津办事处, and 华南片区 (a leaf).
 */
const LEVELS = 'GET /sys/dict/loadTreeData';
const REGIONS: Record<string, { value: string; title: string; leaf: boolean }[]> = {
  '': [
    { value: 'a', title: '华北片区', leaf: false },
    { value: 'b', title: '华南片区', leaf: true },
  ],
  a: [
    { value: 'a1', title: '北京办事处', leaf: true },
    { value: 'a2', title: '天津办事处', leaf: true },
  ],
};
const REGION_DICT = { dictTable: 'hope_region', dictText: 'name', dictCode: 'id' };

const regionServer = () => fakeServer({ [LEVELS]: ({ params }) => REGIONS[params.pid] ?? [] });

/** The node of the open dropdown titled so. */
const node = (title: string) =>
  waitFor(() => {
    const found = document.querySelector<HTMLElement>(`.ant-select-tree-node-content-wrapper[title="${title}"]`);
    if (!found) throw new Error(`no tree node ${title}`);
    return found;
  });

/** Opens the branch titled so (its switcher, beside its title). */
async function expand({ user }: WidgetView, title: string) {
  const row = (await node(title)).closest<HTMLElement>('.ant-select-tree-treenode')!;
  await user.click(row.querySelector('.ant-select-tree-switcher')!);
}

const open = ({ user, field }: WidgetView) => user.click(within(field()).getByRole('combobox'));

/** The titles the select shows as chosen. */
const chosen = (scope: HTMLElement) => [...scope.querySelectorAll('.ant-select-selection-item')].map((item) => item.textContent);

describe('树选择器 (treeSelect)', () => {
  it('shows a stored value as its node title', async () => {
    const { field } = await renderWidget('treeSelect', { value: '11' });
    expect(chosen(field())).toEqual(['选项11']);
  });

  it('a node picked in an opened branch is the form value', async () => {
    const view = await renderWidget('treeSelect');
    await open(view);
    await expand(view, '选项1');
    await view.user.click(await node('选项11'));
    expect(view.value()).toBe('11');
  });

  it('multiple: the stored comma list shows each title, and a further pick is added to the list', async () => {
    const view = await renderWidget('treeSelect', { value: '11,2', options: { multiple: true } });
    expect(chosen(view.field())).toEqual(['选项11', '选项2']);
    await open(view);
    await view.user.click(await node('选项1'));
    expect(view.value()).toBe('11,2,1');
  });

  it('over a tree dictionary: the roots are asked for with its table, text and code, a branch by its id when opened', async () => {
    const server = regionServer();
    const view = await renderWidget('treeSelect', { item: { label: '片区' }, options: { ...REGION_DICT, condition: '{"status":"1"}' } });
    await open(view);
    await expand(view, '华北片区');
    await view.user.click(await node('天津办事处'));

    expect(view.value()).toBe('a2');
    expect(chosen(view.field())).toEqual(['天津办事处']);
    expect(server.sentTo(LEVELS).map((r) => r.params)).toEqual([
      { tableName: 'hope_region', text: 'name', code: 'id', condition: '{"status":"1"}', pid: '' },
      { tableName: 'hope_region', text: 'name', code: 'id', condition: '{"status":"1"}', pid: 'a' },
    ]);
  });

  it('over a tree dictionary, a stored node below the roots shows its name (asked by key) before its branch is opened; the value is kept', async () => {
    const titles = Object.values(REGIONS).flat();
    const NAMES = `GET /sys/dict/loadDictItem/${REGION_DICT.dictTable},${REGION_DICT.dictText},${REGION_DICT.dictCode}`;
    const server = fakeServer({
      [LEVELS]: ({ params }) => REGIONS[params.pid] ?? [],
      [NAMES]: ({ params }) => params.key.split(',').map((k) => titles.find((t) => t.value === k)?.title ?? k),
    });
    const view = await renderWidget('treeSelect', { value: 'a2', item: { label: '片区' }, options: REGION_DICT });
    await waitFor(() => expect(chosen(view.field())).toEqual(['天津办事处']));
    expect(server.sentTo(NAMES).map((r) => r.params)).toEqual([{ key: 'a2' }]);
    expect(view.value()).toBe('a2');
  });

  it('a detail names the chosen nodes: static options at any depth, or the tree dictionary', async () => {
    const lookupOf = (options: object) => widgetOf('treeSelect')!.readable!.lookup!({ type: 'treeSelect', key: 't', options }, {})!;
    const scaffold = widgetOf('treeSelect')!.scaffold().options!;
    expect(await lookupOf(scaffold)(['11', '2', 'gone'])).toBe('选项11、选项2、gone');
    fakeServer({
      [`GET /sys/dict/getDictItems/${REGION_DICT.dictTable},${REGION_DICT.dictText},${REGION_DICT.dictCode}`]: () =>
        Object.values(REGIONS)
          .flat()
          .map((r) => ({ value: r.value, text: r.title })),
    });
    expect(await lookupOf(REGION_DICT)(['a1', 'b'])).toBe('北京办事处、华南片区');
  });

  it('a condition that is not a JSON object says so and asks the server nothing', async () => {
    const server = regionServer();
    await renderWidget('treeSelect', { item: { label: '片区' }, options: { ...REGION_DICT, condition: '[1,2]' } });
    expect(await screen.findByText('组件JTreeSelect-condition传值有误，需要一个json字符串!')).toBeInTheDocument();
    expect(server.requests).toEqual([]);
  });

  it('in the query bar (sel_tree) it picks several nodes as a comma list, and clearing it drops the condition', async () => {
    regionServer();
    const Input = widgetOf('treeSelect')!.query!.Input;
    const item: QueryItem = { field: 'region', label: '片区', view: 'sel_tree', ...REGION_DICT };
    const onChange = vi.fn();
    function Bar() {
      const [value, setValue] = useState<unknown>('b');
      return (
        <Input
          item={item}
          value={value}
          onChange={(v) => {
            onChange(v);
            setValue(v);
          }}
        />
      );
    }
    const { user } = renderUi(<Bar />);
    await waitFor(() => expect(chosen(document.body)).toEqual(['华南片区']));

    await user.click(screen.getByRole('combobox'));
    await user.click(await node('华北片区'));
    expect(onChange).toHaveBeenLastCalledWith('b,a');

    await user.click(document.querySelector<HTMLElement>('.ant-select-clear')!);
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });
});
