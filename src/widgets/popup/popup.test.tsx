import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test-kit/server.ts';
import { renderWidget, type WidgetView } from '../test-kit.tsx';

/* The stories' online report of staff users, answered by the server's three report calls. */
const USERS = [
  { id: 'u1', username: 'zhangwei', realname: '张伟', sex: 1, phone: '13800000001' },
  { id: 'u2', username: 'lina', realname: '李娜', sex: 2, phone: '13800000002' },
  { id: 'u3', username: 'wangfang', realname: '王芳', sex: 2, phone: '13800000003' },
];
const COLUMNS = 'GET /online/cgreport/api/getRpColumns/report_user';
const QUERY = 'GET /online/cgreport/api/getQueryInfo/r1';
const DATA = 'GET /online/cgreport/api/getData/r1';

function reportServer() {
  return fakeServer({
    [COLUMNS]: () => ({
      cgRpConfigId: 'r1',
      cgRpConfigName: '用户',
      columns: [
        { dataIndex: 'username', title: '账号' },
        { dataIndex: 'realname', title: '姓名' },
        { dataIndex: 'sex', title: '性别', customRender: 'sex' },
        { dataIndex: 'phone', title: '手机号' },
      ],
      dictOptions: {
        sex: [
          { value: '1', text: '男' },
          { value: '2', text: '女' },
        ],
      },
    }),
    [QUERY]: () => [{ field: 'realname', label: '姓名', view: 'text', mode: 'single', hidden: '0' }],
    [DATA]: ({ params }) => {
      const name = (params.realname ?? '').replace(/\*/g, '');
      const records = USERS.filter((u) => u.realname.includes(name));
      return { total: records.length, records };
    },
  });
}

/* The leader's name comes from the report's realname column, the phone (another field of the form) from its phone column. */
const LEADER = { popupCode: 'report_user', orgFields: 'realname,phone', destFields: 'leaderName,leaderPhone' };

async function renderPopup(setup: Parameters<typeof renderWidget>[1] = {}) {
  const server = reportServer();
  const view = await renderWidget('popup', { item: { label: '队长姓名', model: 'leaderName' }, options: LEADER, ...setup });
  return { ...view, server };
}

// The first report popup of a worker builds the styles of its modal, query bar, table and pager: seconds on a
// quiet machine, over 20 s on a busy one. Its tests get room for that instead of failing on the clock.
const OPENED = { timeout: 45_000 };

async function openReport({ user, control }: WidgetView) {
  await user.click(control());
  const dialog = await screen.findByRole('dialog', {}, OPENED);
  await within(dialog).findByText('李娜', {}, OPENED);
  return dialog;
}

const row = (dialog: HTMLElement, name: string) => within(dialog).getByText(name).closest('tr')!;
const ok = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /确\s*定/ });

describe('Popup弹框 (popup)', { timeout: 60_000 }, () => {
  it('shows the stored text in its input', async () => {
    const { control, form } = await renderPopup({ value: '张伟', values: { leaderPhone: '13800000001' } });
    expect(control()).toHaveValue('张伟');
    expect(form.values.leaderPhone).toBe('13800000001');
  });

  it('a chosen row fills the field and the other fields it is mapped to', async () => {
    const view = await renderPopup();
    const dialog = await openReport(view);
    expect(within(dialog).getByText('用户')).toBeInTheDocument();
    expect(within(row(dialog, '李娜')).getByText('女')).toBeInTheDocument();

    await view.user.click(row(dialog, '李娜'));
    await view.user.click(ok(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.form.values).toEqual({ leaderName: '李娜', leaderPhone: '13800000002' });
    expect(view.control()).toHaveValue('李娜');
  });

  it('asks the report page by page, with the search as a like filter and no empty parameters', async () => {
    const view = await renderPopup();
    const dialog = await openReport(view);
    expect(view.server.sentTo(DATA).map((r) => r.params)).toEqual([{ pageNo: '1', pageSize: '10' }]);

    await view.user.type(within(dialog).getByPlaceholderText('请输入姓名'), '王');
    await view.user.click(within(dialog).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(within(dialog).queryByText('李娜')).not.toBeInTheDocument());
    expect(within(dialog).getByText('王芳')).toBeInTheDocument();
    expect(view.server.sentTo(DATA).at(-1)!.params).toEqual({ realname: '*王*', pageNo: '1', pageSize: '10' });
  });

  it('confirming without a row says to choose one and keeps the popup open', async () => {
    const view = await renderPopup();
    const dialog = await openReport(view);
    await view.user.click(ok(dialog));
    expect(await screen.findByText('请选择一条记录')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(view.value()).toBeUndefined();
  });

  it('the clear icon empties the field and the fields it filled', async () => {
    const { user, form } = await renderPopup({ value: '张伟', values: { leaderPhone: '13800000001' } });
    await user.click(screen.getByLabelText('清除'));
    expect(form.values).toEqual({ leaderName: '', leaderPhone: '' });
  });

  it('several chosen rows give a comma list', async () => {
    const view = await renderPopup({
      item: { label: '成员', model: 'members' },
      options: { popupCode: 'report_user', orgFields: 'username', destFields: 'members', multiple: true },
    });
    const dialog = await openReport(view);
    await view.user.click(within(row(dialog, '张伟')).getByRole('checkbox'));
    await view.user.click(within(row(dialog, '王芳')).getByRole('checkbox'));
    expect(within(dialog).getByTestId('popup-selected-bar')).toHaveTextContent('已选择 2 项');
    await view.user.click(ok(dialog));
    await waitFor(() => expect(view.value()).toBe('zhangwei,wangfang'));
  });

  it('read-only, it does not open', async () => {
    const { user, control, server } = await renderPopup({ value: '张伟', options: { ...LEADER, readonly: true } });
    await user.click(control());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('清除')).not.toBeInTheDocument();
    expect(server.requests).toEqual([]);
  });

  it('without its report and field mapping it says so and asks the server nothing', async () => {
    const server = fakeServer({});
    const { field } = await renderWidget('popup');
    expect(within(field()).getByTestId('popup-config-error')).toHaveTextContent('popup参数未正确配置!');
    expect(server.requests).toEqual([]);
  });

  it('a mapping with more report columns than fields says so', async () => {
    const { field } = await renderPopup({ options: { ...LEADER, destFields: 'leaderName' } });
    expect(within(field()).getByTestId('popup-config-error')).toHaveTextContent('原始值和目标值数量不一致');
  });
});
