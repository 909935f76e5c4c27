import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, List, Popover, Tabs, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { type Announcement, PRIORITY_TAGS } from '../../../runtime/notice/api.ts';
import { connectNotices, disconnectNotices, loadNotices, markNoticeRead, notices } from '../../../runtime/notice/store.ts';
import { session } from '../../../runtime/session/store.ts';
import { openAnnouncement } from '../dialogs/store.ts';

export const MY_ANNOUNCEMENTS = '/isps/userAnnouncement';

function NoticeList({ items, onOpen }: { items: readonly Announcement[]; onOpen: (a: Announcement) => void }) {
  return (
    <List
      size="small"
      dataSource={items as Announcement[]}
      locale={{ emptyText: '暂无消息' }}
      renderItem={(a) => (
        <List.Item className="notice-item" onClick={() => onOpen(a)}>
          <List.Item.Meta title={<span className="notice-item-title">{a.titile}</span>} description={a.sendTime} />
          <Tag color={PRIORITY_TAGS[a.priority]?.color}>{PRIORITY_TAGS[a.priority]?.text}</Tag>
        </List.Item>
      )}
    />
  );
}

/**
 * The bell (spec section 2, "Notification"): a badge with the sum of both counts and a 300 px popover
 * with 通知 and 系统消息. It loads the counts once and then follows the socket.
 */
export function HeaderNotice() {
  const snap = useSnapshot(notices);
  const { userInfo, token } = useSnapshot(session);
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();

  useEffect(() => {
    void loadNotices().catch(() => {});
    if (!userInfo?.id || !token) return;
    connectNotices(userInfo.id, token);
    return () => disconnectNotices();
  }, [userInfo?.id, token]);

  const openOne = (a: Announcement) => {
    setOpen(false);
    openAnnouncement(a);
    void markNoticeRead(a.id).catch(() => {});
  };

  const content = (
    <div className="notice-popover" data-testid="notice-popover">
      <Tabs
        centered
        items={[
          { key: 'annt', label: `通知(${snap.anntMsgTotal})`, children: <NoticeList items={snap.anntMsgList} onOpen={openOne} /> },
          { key: 'sys', label: `系统消息(${snap.sysMsgTotal})`, children: <NoticeList items={snap.sysMsgList} onOpen={openOne} /> },
        ]}
      />
      <div className="notice-more">
        <Button
          type="link"
          onClick={() => {
            setOpen(false);
            navigate(MY_ANNOUNCEMENTS);
          }}
        >
          查看更多
        </Button>
      </div>
    </div>
  );

  return (
    <Popover
      content={content}
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      styles={{ body: { width: 300, padding: 0 } }}
      arrow={false}
    >
      <span className="header-action" role="button" aria-label="消息通知" data-testid="notice-bell" data-count={snap.anntMsgTotal + snap.sysMsgTotal}>
        <Badge count={snap.anntMsgTotal + snap.sysMsgTotal} size="small" data-testid="notice-badge">
          <BellOutlined className="notice-bell-icon" />
        </Badge>
      </span>
    </Popover>
  );
}
