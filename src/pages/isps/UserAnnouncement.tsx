import { App, Button, Card, Radio, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useState } from 'react';
import { type Announcement, CATEGORY_TEXT, noticeApi, PRIORITY_TAGS } from '../../runtime/notice/api.ts';
import { loadNotices, markNoticeRead } from '../../runtime/notice/store.ts';
import { openAnnouncement } from '../layouts/dialogs/store.ts';
import { usePagedTable } from './usePagedTable.ts';

type ReadFilter = '' | '0' | '1';

/**
 * 我的消息 (/isps/userAnnouncement): every announcement sent to me, newest first, paginated, filtered by
 * read state. Opening one shows it and marks it read.
 */
export default function UserAnnouncement() {
  const { message } = App.useApp();
  const [readFlag, setReadFlag] = useState<ReadFilter>('');
  const fetch = useCallback((page: { pageNo: number; pageSize: number }) => noticeApi.mine({ ...page, ...(readFlag ? { readFlag } : {}) }), [readFlag]);
  const { tableProps, load, firstPage } = usePagedTable(fetch);

  const view = async (a: Announcement) => {
    openAnnouncement(a);
    if (a.readFlag !== 1) {
      await markNoticeRead(a.id).catch(() => {});
      load();
    }
  };

  const readAll = async () => {
    const r = await noticeApi.readAll();
    message.success(r.message);
    await loadNotices().catch(() => {});
    load();
  };

  const columns: ColumnsType<Announcement> = [
    { title: '标题', dataIndex: 'titile', ellipsis: true },
    { title: '消息类型', dataIndex: 'msgCategory', width: 110, render: (v: string) => CATEGORY_TEXT[v] ?? v },
    { title: '发布人', dataIndex: 'sender', width: 110 },
    { title: '发布时间', dataIndex: 'sendTime', width: 180 },
    {
      title: '优先级',
      dataIndex: 'priority',
      width: 90,
      render: (v: Announcement['priority']) => <Tag color={PRIORITY_TAGS[v]?.color}>{PRIORITY_TAGS[v]?.text}</Tag>,
    },
    { title: '阅读状态', dataIndex: 'readFlag', width: 100, render: (v: number) => (v === 1 ? <Tag>已读</Tag> : <Tag color="processing">未读</Tag>) },
    { title: '操作', key: 'action', width: 90, render: (_v, a) => <a onClick={() => void view(a)}>查看</a> },
  ];

  return (
    <Card title="我的消息" data-testid="my-announcements">
      <Space className="table-toolbar" style={{ marginBottom: 16 }}>
        <Radio.Group
          value={readFlag}
          optionType="button"
          onChange={(e) => {
            setReadFlag(e.target.value);
            firstPage();
          }}
          options={[
            { value: '', label: '全部' },
            { value: '0', label: '未读' },
            { value: '1', label: '已读' },
          ]}
        />
        <Button onClick={() => void readAll()}>全部标注已读</Button>
      </Space>
      <Table<Announcement> {...tableProps} columns={columns} scroll={{ x: 800 }} />
    </Card>
  );
}
