import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test-kit/server.ts';
import { widgetOf } from '../registry.ts';
import { renderWidget } from '../test-kit.tsx';

/*
 * A small foundation and its staff, as the server answers the picker: the record holds usernames, the
 * person reads real names.
 */
const USERS = 'GET /sys/user/queryUserComponentData';
const BY_DEPART = 'GET /sys/user/queryUserByDepId';
const DEPARTS = 'GET /sys/sysDepart/queryTreeList';

const depart = (id: string, title: string, children?: object[]) => ({ id, key: id, value: id, title, orgCode: id, isLeaf: !children, children });
const DEPART_TREE = [depart('d0', '希望工程基金会', [depart('d1', '办公室'), depart('d2', '募捐部'), depart('d4', '财务部')])];

const person = (username: string, realname: string, sex: number, departs: string[]) => ({
  id: username,
  username,
  realname,
  sex,
  phone: '13800000000',
  orgCodeTxt: departs.join(','),
  departs,
});
const STAFF = [
  person('admin', '管理员', 1, ['d0', 'd1']),
  person('zhangwei', '张伟', 1, ['d2']),
  person('lina', '李娜', 2, ['d1']),
  person('wangfang', '王芳', 2, ['d4']),
];

/** The account search box's text, without the list call's * wildcards. */
const account = (params: Record<string, string>) => (params.username ?? '').replace(/\*/g, '');

function userServer() {
  return fakeServer({
    [DEPARTS]: () => DEPART_TREE,
    [USERS]: ({ params }) => {
      if (params.usernames !== undefined) return STAFF.filter((u) => params.usernames.split(',').includes(u.username));
      const records = STAFF.filter((u) => u.username.includes(account(params)));
      return { records, total: records.length, size: 10, current: 1, pages: 1 };
    },
    [BY_DEPART]: ({ params }) => STAFF.filter((u) => u.departs.includes(params.id) && u.username.includes(account(params))),
  });
}

/**
 * A user who does not hover on the way to a click: each move over the users table re-renders its rows
 * (rc-table follows the hovered row), which no pick needs and which doubles the tests' time.
 */
const quickUser = () => userEvent.setup({ skipHover: true });

async function renderUser(value?: string, multiple = false) {
  const server = userServer();
  const view = await renderWidget('user', { value, options: { multiple } });
  return { ...view, user: quickUser(), server, input: () => screen.getByTestId('user-picker-input') };
}

/** The users table's row of a person. */
const rowOf = async (realname: string) => (await screen.findByRole('cell', { name: realname })).closest<HTMLElement>('tr')!;

describe('用户选择 (user)', () => {
  it("shows a stored username list as the people's real names, asked for by username", async () => {
    const { input, server } = await renderUser('lina,wangfang');
    await waitFor(() => expect(input()).toHaveValue('李娜,王芳'));
    expect(server.sentTo(USERS).map((r) => r.params)).toEqual([{ usernames: 'lina,wangfang' }]);
  });

  it('a user picked in 选择用户 is stored by username and shown by name', async () => {
    const { user, input, value, server } = await renderUser();
    await user.click(input());
    expect(await screen.findByText('选择用户')).toBeInTheDocument();
    await user.click(within(await rowOf('张伟')).getByRole('radio'));
    await user.click(screen.getByRole('button', { name: '确 定' }));

    expect(value()).toBe('zhangwei');
    await waitFor(() => expect(input()).toHaveValue('张伟'));
    // The general list, first page, by account.
    expect(server.sentTo(USERS)[0].params).toEqual({ pageNo: '1', pageSize: '10', column: 'username', order: 'asc' });
  });

  it('multiple: a user checked beside those stored is added to the list', async () => {
    const multi = await renderUser('lina', true);
    await multi.user.click(multi.input());
    expect(within(await rowOf('李娜')).getByRole('checkbox')).toBeChecked();
    await multi.user.click(within(await rowOf('王芳')).getByRole('checkbox'));
    await multi.user.click(screen.getByRole('button', { name: '确 定' }));
    expect(multi.value()).toBe('lina,wangfang');
  });

  it('searches accounts by substring, and a department lists its own users by its id', async () => {
    const { user, input, server } = await renderUser();
    await user.click(input());
    await user.type(await screen.findByPlaceholderText('请输入用户账号'), 'zhang');
    await user.click(screen.getByRole('button', { name: '查 询' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: '李娜' })).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: '张伟' })).toBeInTheDocument();
    expect(server.sentTo(USERS).at(-1)!.params).toMatchObject({ pageNo: '1', username: '*zhang*' });

    await user.click(screen.getByRole('button', { name: '重 置' }));
    await user.click(await screen.findByText('财务部'));
    expect(await screen.findByRole('cell', { name: '王芳' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: '张伟' })).not.toBeInTheDocument();
    expect(server.sentTo(BY_DEPART).map((r) => r.params)).toEqual([{ id: 'd4' }]);
    expect(server.sentTo(DEPARTS)).toHaveLength(1);
  });

  it('关闭 leaves the value as it was; the clear icon empties it', async () => {
    const { user, input, value } = await renderUser('lina');
    await waitFor(() => expect(input()).toHaveValue('李娜'));
    await user.click(input());
    await user.click(within(await rowOf('张伟')).getByRole('radio'));
    await user.click(screen.getByRole('button', { name: '关 闭' }));
    expect(value()).toBe('lina');

    await user.click(screen.getByLabelText('清除'));
    expect(value()).toBe('');
    expect(input()).toHaveValue('');
  });

  it('a detail reads the stored usernames as names; an account that is gone stays as stored', async () => {
    userServer();
    const item = { ...widgetOf('user')!.scaffold(), key: 'user_detail', model: 'handler' };
    const lookup = widgetOf('user')!.readable!.lookup!(item, {})!;
    expect(await lookup(['wangfang', 'gone', 'admin'])).toBe('王芳、gone、管理员');
  });
});
