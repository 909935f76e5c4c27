import { Card, List, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { type Announcement, CATEGORY_TEXT, noticeApi, PRIORITY_TAGS } from '../../../runtime/notice/api.ts';
import { markNoticeRead } from '../../../runtime/notice/store.ts';
import { openAnnouncement } from '../../layouts/dialogs/store.ts';
import { MY_ANNOUNCEMENTS } from '../../layouts/header/HeaderNotice.tsx';

const SHOWN = 6;

/** 最新公告: the newest announcements sent to the user (read or not, as 我的消息 lists them); opening one marks it read. */
export function RecentNotices() {
  const [items, setItems] = useState<Announcement[] | null>(null);
  const load = useCallback(
    () =>
      noticeApi.mine({ pageNo: 1, pageSize: SHOWN }).then(
        (r) => setItems(r.records),
        () => setItems([]),
      ),
    [],
  );
  useEffect(() => void load(), [load]);
  const open = (a: Announcement) => {
    openAnnouncement(a);
    if (a.readFlag !== 1) void markNoticeRead(a.id).then(load, () => {});
  };
  return (
    <Card size="small" title="最新公告" className="dashboard-block" data-testid="workplace-notices" extra={<Link to={MY_ANNOUNCEMENTS}>全部</Link>}>
      <List
        size="small"
        loading={!items}
        dataSource={items ?? []}
        locale={{ emptyText: '暂无公告' }}
        renderItem={(a) => (
          <List.Item className="dashboard-entry" onClick={() => open(a)} data-testid="notice-entry">
            <List.Item.Meta
              title={
                <span className={a.readFlag === 1 ? 'entry-read' : 'entry-unread'}>
                  {a.readFlag !== 1 && <Tag color="processing">未读</Tag>}
                  {a.titile}
                </span>
              }
              description={`${CATEGORY_TEXT[a.msgCategory] ?? ''} · ${a.sender ?? ''} · ${a.sendTime ?? ''}`}
            />
            <Tag color={PRIORITY_TAGS[a.priority]?.color}>{PRIORITY_TAGS[a.priority]?.text}</Tag>
          </List.Item>
        )}
      />
    </Card>
  );
}
