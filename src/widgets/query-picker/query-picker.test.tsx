import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { QueryItem } from '../../core/schema/types.generated.ts';
import { buildQueryParams } from '../../runtime/query/encode.ts';
import { QueryBar } from '../../runtime/renderers/list/QueryBar.tsx';
import { renderUi } from '../../test-kit/render.tsx';
import { fakeServer } from '../../test-kit/server.ts';

/*
 * The pickers as a list's query bar shows them: 经办人 (sel_user), 部门 (sel_depart) and 项目类别 (cat_tree
 * under the category B02). Each condition is a comma list the server reads as "any of", so the pickers are
 * multiple here whatever the form's widget says.
 */
const USERS = 'GET /sys/user/queryUserComponentData';
const DEPARTS = 'GET /sys/sysDepart/queryTreeList';
const CATEGORY_ROOTS = 'GET /sys/category/loadTreeRoot';

const depart = (id: string, title: string, children?: object[]) => ({ id, key: id, value: id, title, orgCode: id, isLeaf: !children, children });
const person = (username: string, realname: string) => ({ id: username, username, realname, sex: 1, phone: null, orgCodeTxt: '办公室' });
const STAFF = [person('zhangwei', '张伟'), person('lina', '李娜'), person('wangfang', '王芳')];

function renderBar(items: QueryItem[]) {
  const server = fakeServer({
    [DEPARTS]: () => [depart('d0', '希望工程基金会', [depart('d1', '办公室'), depart('d2', '募捐部')])],
    [USERS]: ({ params }) =>
      params.usernames ? STAFF.filter((u) => params.usernames.split(',').includes(u.username)) : { records: STAFF, total: STAFF.length },
    [CATEGORY_ROOTS]: () => [{ key: 'B0201', value: 'B0201', title: '助学项目', code: 'B0201', parentId: 'B02', isLeaf: true }],
  });
  const onSearch = vi.fn();
  // No hovering on the way to a click: each move over the users table re-renders its rows, which no pick needs.
  return { server, onSearch, ...renderUi(<QueryBar items={items} onSearch={onSearch} />), user: userEvent.setup({ skipHover: true }) };
}

/** The users table's row of a person. */
const rowOf = async (realname: string) => (await screen.findByRole('cell', { name: realname })).closest<HTMLElement>('tr')!;

/** The checkbox of a department in the picker's tree. */
const departBox = async (title: string) => (await screen.findByTitle(title)).closest('.ant-tree-treenode')!.querySelector<HTMLElement>('.ant-tree-checkbox')!;

describe('查询栏选择器 (pickerQueryInput)', () => {
  it("cat_tree offers the categories under the item's parent code", async () => {
    const { user, server } = renderBar([{ field: 'category', label: '项目类别', view: 'cat_tree', pcode: 'B02' }]);
    await waitFor(() => expect(server.sentTo(CATEGORY_ROOTS)).toHaveLength(1));
    expect(server.sentTo(CATEGORY_ROOTS)[0].params).toEqual({ pcode: 'B02', async: 'true' });
    expect(screen.getByText('请选择项目类别')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox'));
    expect(await screen.findByTitle('助学项目')).toBeInTheDocument();
  });

  it('sel_depart keeps every department checked, where the single form picker would keep only the newest', async () => {
    const { user, onSearch } = renderBar([{ field: 'depart', label: '部门', view: 'sel_depart' }]);
    await user.click(await screen.findByPlaceholderText('请选择部门'));
    await user.click(await departBox('办公室'));
    await user.click(await departBox('募捐部'));
    await user.click(screen.getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(screen.getByTestId('dept-picker-input')).toHaveValue('办公室,募捐部'));

    await user.click(within(screen.getByTestId('query-bar')).getByRole('button', { name: '查 询' }));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ depart: 'd1,d2' }));
  });

  it('sel_user picks several people, shows their names and searches by the username list', async () => {
    const item: QueryItem = { field: 'handler', label: '经办人', view: 'sel_user' };
    const { user, onSearch } = renderBar([item]);
    const input = await screen.findByPlaceholderText('请选择经办人');
    await user.click(input);
    await user.click(within(await rowOf('李娜')).getByRole('checkbox'));
    await user.click(within(await rowOf('王芳')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(input).toHaveValue('李娜,王芳'));

    await user.click(within(screen.getByTestId('query-bar')).getByRole('button', { name: '查 询' }));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ handler: 'lina,wangfang' }));
    expect(buildQueryParams([item], onSearch.mock.calls[0][0])).toEqual({ handler: 'lina,wangfang' });
  });
});
