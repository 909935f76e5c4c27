import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test-kit/server.ts';
import { widgetOf } from '../registry.ts';
import { renderWidget } from '../test-kit.tsx';
import { STORY_DEPARTS } from './story-data.ts';

/*
 * The stories' foundation: 希望工程基金会 (d0) over 办公室 d1, 募捐部 d2, 项目部 d3, 财务部 d4, 资助部 d5.
 * The record holds department ids; the person reads names.
 */
const TREE = 'GET /sys/sysDepart/queryTreeList';
const SEARCH = 'GET /sys/sysDepart/searchBy';

const departServer = () =>
  fakeServer({
    [TREE]: () => STORY_DEPARTS,
    [SEARCH]: ({ params }) => STORY_DEPARTS[0].children.filter((d) => d.title.includes(params.keyWord)),
  });

async function renderDept(value?: string, multiple = false) {
  const server = departServer();
  const view = await renderWidget('dept', { value, options: { multiple } });
  return { ...view, server, input: () => screen.getByTestId('dept-picker-input') };
}

/** A department's box in the 选择部门 tree. */
const box = async (title: string) => within((await screen.findByTitle(title)).closest<HTMLElement>('[role="treeitem"]')!).getByRole('checkbox');

describe('部门选择 (dept)', () => {
  it('shows stored department ids as their names', async () => {
    const { input, server } = await renderDept('d0,d4');
    await waitFor(() => expect(input()).toHaveValue('希望工程基金会,财务部'));
    expect(server.sentTo(TREE)).toHaveLength(1);
  });

  it('a department checked in 选择部门 is stored by id and shown by name', async () => {
    const { user, input, value } = await renderDept();
    await user.click(input());
    expect(await screen.findByText('选择部门')).toBeInTheDocument();
    await user.click(await box('募捐部'));
    await user.click(screen.getByRole('button', { name: '确 定' }));
    expect(value()).toBe('d2');
    await waitFor(() => expect(input()).toHaveValue('募捐部'));
  });

  it('single: the newest check replaces the one stored', async () => {
    const { user, input, value } = await renderDept('d3');
    await user.click(input());
    expect(await box('项目部')).toBeChecked();
    await user.click(await box('财务部'));
    expect(await box('项目部')).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: '确 定' }));
    expect(value()).toBe('d4');
  });

  it('multiple: a parent and its children are checked each on their own, the ids a comma list', async () => {
    const { user, input, value } = await renderDept('d4', true);
    await user.click(input());
    await user.click(await box('希望工程基金会'));
    expect(await box('办公室')).not.toBeChecked();
    await user.click(await box('办公室'));
    await user.click(screen.getByRole('button', { name: '确 定' }));
    expect(value()).toBe('d4,d0,d1');
    await waitFor(() => expect(input()).toHaveValue('财务部,希望工程基金会,办公室'));
  });

  it('enter in the search box asks for the keyword; the next opening shows the whole tree again', async () => {
    const { user, input, server } = await renderDept();
    await user.click(input());
    await user.type(await screen.findByPlaceholderText('请输入部门名称按回车进行搜索'), '财务{Enter}');
    await waitFor(() => expect(screen.queryByTitle('募捐部')).not.toBeInTheDocument());
    expect(screen.getByTitle('财务部')).toBeInTheDocument();
    expect(server.sentTo(SEARCH).map((r) => r.params)).toEqual([{ keyWord: '财务' }]);

    await user.click(screen.getByRole('button', { name: '关 闭' }));
    await user.click(input());
    expect(await screen.findByTitle('募捐部')).toBeInTheDocument();
    expect(server.sentTo(TREE)).toHaveLength(2);
  });

  it('关闭 drops the unconfirmed checks; the clear icon empties the value', async () => {
    const { user, input, value } = await renderDept('d3');
    await waitFor(() => expect(input()).toHaveValue('项目部'));
    await user.click(input());
    await user.click(await box('资助部'));
    await user.click(screen.getByRole('button', { name: '关 闭' }));
    expect(value()).toBe('d3');

    await user.click(screen.getByLabelText('清除'));
    expect(value()).toBe('');
    expect(input()).toHaveValue('');
  });

  it('disabled, it opens no picker and cannot be cleared', async () => {
    departServer();
    const { user, field } = await renderWidget('dept', { value: 'd3', options: { disabled: true } });
    const input = screen.getByTestId('dept-picker-input');
    await waitFor(() => expect(input).toHaveValue('项目部'));
    await user.click(input);
    expect(screen.queryByText('选择部门')).not.toBeInTheDocument();
    expect(within(field()).queryByLabelText('清除')).not.toBeInTheDocument();
  });

  it('a detail reads the stored ids as names; a department that is gone stays as stored', async () => {
    departServer();
    const item = { ...widgetOf('dept')!.scaffold(), key: 'dept_detail', model: 'depart' };
    const lookup = widgetOf('dept')!.readable!.lookup!(item, {})!;
    expect(await lookup(['d5', 'gone', 'd0'])).toBe('资助部、gone、希望工程基金会');
  });
});
