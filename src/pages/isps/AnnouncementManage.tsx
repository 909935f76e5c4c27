import { App, Button, Card, Input, Popconfirm, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useState } from 'react';
import { useSnapshot } from 'valtio';
import { type Announcement, announcementAdminApi, CATEGORY_TEXT, PRIORITY_TAGS } from '../../runtime/notice/api.ts';
import { hasPermission } from '../../runtime/permission/has-permission.ts';
import { session } from '../../runtime/session/store.ts';
import { openAnnouncement } from '../layouts/dialogs/store.ts';
import { AnnouncementForm } from './AnnouncementForm.tsx';
import { usePagedTable } from './usePagedTable.ts';

const STATUS: Record<string, { text: string; color?: string }> = {
  '0': { text: '未发布' },
  '1': { text: '已发布', color: 'success' },
  '2': { text: '已撤销', color: 'warning' },
};

/**
 * 系统通告: the writer's list (drafts, released, revoked) with 新建, 编辑, 发布, 撤销 and 删除, each shown
 * only with its button permission; the server demands the same permissions.
 */
export default function AnnouncementManage() {
  const { auth, allAuth } = useSnapshot(session);
  const can = (action: string) => hasPermission(`system:announcement:${action}`, auth as never, allAuth as never);
  const { message } = App.useApp();
  const [titile, setTitile] = useState('');
  const [editing, setEditing] = useState<{ open: boolean; record: Announcement | null }>({ open: false, record: null });
  const fetch = useCallback((page: { pageNo: number; pageSize: number }) => announcementAdminApi.list({ ...page, ...(titile ? { titile } : {}) }), [titile]);
  const { tableProps, load, firstPage } = usePagedTable(fetch);

  const act = async (call: Promise<{ message: string }>) => {
    try {
      message.success((await call).message);
    } catch {
      // The shared client has shown the server's message already.
    } finally {
      load();
    }
  };

  const actions = (a: Announcement) => (
    <Space size="small">
      <a onClick={() => openAnnouncement(a)}>查看</a>
      {a.sendStatus !== '1' && can('edit') && <a onClick={() => setEditing({ open: true, record: a })}>编辑</a>}
      {a.sendStatus !== '1' && can('release') && (
        <Popconfirm title="确定发布吗?" onConfirm={() => act(announcementAdminApi.release(a.id))}>
          <a>发布</a>
        </Popconfirm>
      )}
      {a.sendStatus === '1' && can('release') && (
        <Popconfirm title="确定撤销吗?" onConfirm={() => act(announcementAdminApi.revoke(a.id))}>
          <a>撤销</a>
        </Popconfirm>
      )}
      {can('delete') && (
        <Popconfirm title="确定删除吗?" onConfirm={() => act(announcementAdminApi.remove(a.id))}>
          <a>删除</a>
        </Popconfirm>
      )}
    </Space>
  );

  const columns: ColumnsType<Announcement> = [
    { title: '标题', dataIndex: 'titile', ellipsis: true },
    { title: '消息类型', dataIndex: 'msgCategory', width: 100, render: (v: string) => CATEGORY_TEXT[v] ?? v },
    { title: '通告对象', dataIndex: 'msgType', width: 100, render: (v: string) => (v === 'USER' ? '指定用户' : '全体用户') },
    { title: '优先级', dataIndex: 'priority', width: 80, render: (v: Announcement['priority']) => <Tag color={PRIORITY_TAGS[v]?.color}>{PRIORITY_TAGS[v]?.text}</Tag> },
    { title: '发布状态', dataIndex: 'sendStatus', width: 100, render: (v: string) => <Tag color={STATUS[v]?.color}>{STATUS[v]?.text ?? v}</Tag> },
    { title: '发布人', dataIndex: 'sender', width: 100 },
    { title: '发布时间', dataIndex: 'sendTime', width: 170 },
    { title: '操作', key: 'action', width: 230, render: (_v, a) => actions(a) },
  ];

  return (
    <Card title="系统通告" data-testid="announcement-manage">
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search placeholder="按标题查询" allowClear enterButton="查询" onSearch={(v) => { setTitile(v.trim()); firstPage(); }} style={{ width: 280 }} />
        {can('add') && (
          <Button type="primary" onClick={() => setEditing({ open: true, record: null })}>
            新建
          </Button>
        )}
      </Space>
      <Table<Announcement> {...tableProps} columns={columns} scroll={{ x: 900 }} />
      <AnnouncementForm
        open={editing.open}
        record={editing.record}
        onDone={(saved) => {
          setEditing({ open: false, record: null });
          if (saved) load();
        }}
      />
    </Card>
  );
}
