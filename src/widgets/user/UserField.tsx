import { UserOutlined } from '@ant-design/icons';
import { App, Button, Col, Input, Row, Space, Table, Tree } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { PickerFrame } from '../dept/PickerFrame.tsx';
import { type DepartNode, loadDepartTree } from '../dept/api.ts';
import { joinList, splitList } from '../../runtime/helpers/list-value.ts';
import type { PickedUser } from '../../core/api-types.ts';
import { MAX_PICKED, TOO_MANY_MESSAGE } from '../dept/selection.ts';
import { ACCOUNT_PLACEHOLDER, loadUsers, realnamesOf, RESET_QUERY, sexText, USER_MODAL_TITLE, USER_MODAL_WIDTH, type UserQuery } from './api.ts';
import { treeDrawing } from '../../runtime/helpers/tree-size.ts';

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  readOnly?: boolean;
  multiple?: boolean;
  placeholder?: string;
}

const COLUMNS: ColumnsType<PickedUser> = [
  { title: '用户账号', dataIndex: 'username', width: 140 },
  { title: '用户姓名', dataIndex: 'realname', width: 120 },
  { title: '性别', dataIndex: 'sex', width: 70, render: sexText },
  { title: '手机号码', dataIndex: 'phone', width: 140 },
  { title: '部门', dataIndex: 'orgCodeTxt' },
];

/**
 * User picker (spec section 2): a read-only input opening the user-by-department modal (1250 wide):
 * department tree on the left; account search, reset and the users table on the right; single or multi
 * selection of at most 99. The value is a comma list of usernames.
 */
export function UserField({ value, onChange, disabled, readOnly, multiple = false, placeholder }: Props) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [departs, setDeparts] = useState<DepartNode[]>([]);
  const [query, setQuery] = useState<UserQuery>(RESET_QUERY);
  const [account, setAccount] = useState('');
  const [rows, setRows] = useState<PickedUser[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  /** username → real name of users seen, so the input can show names. */
  const [names, setNames] = useState<Map<string, string>>(new Map());
  const usernames = splitList(value);
  const locked = disabled || readOnly;

  useEffect(() => {
    const unknown = usernames.filter((u) => !names.has(u));
    if (unknown.length)
      realnamesOf(unknown).then(
        (found) => setNames((prev) => new Map([...prev, ...found])),
        () => undefined,
      );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoading(true);
    loadUsers(query)
      .then(
        ({ records, total: count }) => {
          if (!live) return;
          setRows(records);
          setTotal(count);
          setNames((prev) => new Map([...prev, ...records.map((r): [string, string] => [r.username, r.realname])]));
        },
        () => live && setRows([]),
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [open, query]);

  const show = () => {
    if (locked) return;
    setSelected(usernames);
    setOpen(true);
    if (!departs.length) loadDepartTree().then(setDeparts, () => undefined);
  };

  const close = () => {
    setOpen(false);
    setSelected([]);
    setAccount('');
    setQuery(RESET_QUERY);
  };

  const confirm = () => {
    onChange?.(joinList(selected));
    close();
  };

  const reset = () => {
    setAccount('');
    setSelected([]);
    setQuery(RESET_QUERY);
  };

  const select = (keys: React.Key[]) => {
    const next = keys.map(String);
    if (next.length > MAX_PICKED) {
      message.warning(TOO_MANY_MESSAGE);
      return;
    }
    setSelected(multiple ? next : next.slice(-1));
  };

  const byDepart = !!query.departId;
  return (
    <PickerFrame
      text={usernames.map((u) => names.get(u) ?? u).join(',')}
      placeholder={placeholder || '请点击选择用户'}
      disabled={disabled}
      locked={locked}
      hasValue={usernames.length > 0}
      icon={<UserOutlined onClick={show} />}
      testId="user-picker-input"
      onOpen={show}
      onClear={() => onChange?.('')}
      title={USER_MODAL_TITLE}
      width={USER_MODAL_WIDTH}
      open={open}
      onClose={close}
      onConfirm={confirm}
    >
      <Row gutter={12}>
        <Col span={6}>
          <div style={{ borderRight: '1px solid #f0f0f0' }}>
            {departs.length > 0 && (
              // A scrolling box of 480 px; a large tree draws only the nodes in view, a smaller one skips those out of view (tree-size.ts).
              <Tree
                height={480}
                {...treeDrawing(departs)}
                defaultExpandAll
                blockNode
                treeData={departs}
                fieldNames={{ key: 'id', title: 'title', children: 'children' }}
                selectedKeys={query.departId ? [query.departId] : []}
                onSelect={(keys) => setQuery((q) => ({ ...q, departId: keys.length ? String(keys[0]) : undefined, pageNo: 1 }))}
              />
            )}
          </div>
        </Col>
        <Col span={18}>
          <Space style={{ marginBottom: 12 }}>
            <span>用户账号:</span>
            <Input
              placeholder={ACCOUNT_PLACEHOLDER}
              value={account}
              onChange={(e) => setAccount(e.target.value)}
              onPressEnter={() => setQuery((q) => ({ ...q, account, pageNo: 1 }))}
              style={{ width: 220 }}
            />
            <Button type="primary" onClick={() => setQuery((q) => ({ ...q, account, pageNo: 1 }))}>
              查询
            </Button>
            <Button onClick={reset}>重置</Button>
          </Space>
          <Table<PickedUser>
            size="small"
            bordered
            rowKey="username"
            loading={loading}
            columns={COLUMNS}
            dataSource={rows}
            scroll={{ y: 360 }}
            rowSelection={{ type: multiple ? 'checkbox' : 'radio', selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: select }}
            pagination={
              byDepart
                ? { pageSize: 10, showTotal: (n, [from, to]) => `${from}-${to} 共${n}条` }
                : {
                    current: query.pageNo,
                    pageSize: query.pageSize,
                    total,
                    showSizeChanger: true,
                    pageSizeOptions: [10, 20, 30],
                    showQuickJumper: true,
                    showTotal: (n, [from, to]) => `${from}-${to} 共${n}条`,
                    onChange: (pageNo, pageSize) => setQuery((q) => ({ ...q, pageNo, pageSize })),
                  }
            }
          />
        </Col>
      </Row>
    </PickerFrame>
  );
}
