import { App, Button, Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { loadDeparts, selectDepart, type UserDeparts } from '../../../runtime/session/api.ts';
import { session, updateUserInfo } from '../../../runtime/session/store.ts';
import { dialogs } from './store.ts';
import { useSubmit } from './useSubmit.ts';

export const NO_DEPART_MESSAGE = '您尚未设置部门信息!';
const CHOOSE = '请选择登录部门';

/**
 * 部门选择 / 部门切换（当前部门 : …） (spec section 2, "Department choice dialog"; section 4). Hidden, then
 * loaded, then shown; a user without departments gets a warning and no dialog. Confirming without a
 * choice marks the select as an error; a switch stores the new user info for another 7 days.
 */
export function DepartSelect() {
  const { depart } = useSnapshot(dialogs);
  const { userInfo } = useSnapshot(session);
  const { message } = App.useApp();
  const [departs, setDeparts] = useState<UserDeparts | null>(null);
  const [chosen, setChosen] = useState<string | undefined>();
  const [error, setError] = useState(false);
  const { busy, submit } = useSubmit();

  useEffect(() => {
    if (!depart.open) return setDeparts(null);
    let live = true;
    loadDeparts()
      .then((result) => {
        if (!live) return;
        if (result.list.length === 0) {
          message.warning(NO_DEPART_MESSAGE);
          dialogs.depart.open = false;
          return;
        }
        setDeparts(result);
        setChosen(result.orgCode ?? undefined);
        setError(false);
      })
      .catch(() => live && (dialogs.depart.open = false));
    return () => {
      live = false;
    };
  }, [depart.open, message]);

  const current = departs?.list.find((d) => d.orgCode === departs.orgCode);
  const title = current ? `部门切换（当前部门 : ${current.departName}）` : '部门选择';

  async function confirm() {
    if (!chosen) return setError(true);
    await submit(
      () => selectDepart(chosen, userInfo?.username),
      (result) => {
        updateUserInfo(result.userInfo);
        dialogs.depart.open = false;
        return `已切换到${result.userInfo.orgCodeTxt ?? chosen}`;
      },
      '切换部门失败',
    );
  }

  const footer = [
    depart.closable && (
      <Button key="close" onClick={() => (dialogs.depart.open = false)}>
        关闭
      </Button>
    ),
    <Button key="ok" type="primary" loading={busy} onClick={confirm}>
      确认
    </Button>,
  ];

  return (
    <Modal
      title={title}
      width={500}
      open={depart.open && !!departs}
      closable={depart.closable}
      maskClosable={false}
      keyboard={depart.closable}
      footer={footer}
      onCancel={() => (dialogs.depart.open = false)}
    >
      <Form layout="vertical">
        <Form.Item label={CHOOSE} validateStatus={error ? 'error' : undefined} help={error ? CHOOSE : undefined} required>
          <Select
            data-testid="depart-select"
            allowClear
            placeholder={CHOOSE}
            value={chosen}
            onChange={(value) => {
              setChosen(value);
              setError(!value);
            }}
            options={departs?.list.map((d) => ({ value: d.orgCode, label: d.departName })) ?? []}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
