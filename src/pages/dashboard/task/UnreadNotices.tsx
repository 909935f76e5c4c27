import { Tag } from 'antd';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { type Announcement, CATEGORY_TEXT, PRIORITY_TAGS } from '../../../runtime/notice/api.ts';
import { loadNotices, markNoticeRead, notices } from '../../../runtime/notice/store.ts';
import { openAnnouncement } from '../../layouts/dialogs/store.ts';
import { MY_ANNOUNCEMENTS } from '../../layouts/header/HeaderNotice.tsx';
import { CompactList } from './CompactList.tsx';

/** 未读消息: the bell's unread notices and system messages (the same store); opening one shows it and marks it read. */
export function UnreadNotices() {
  const snap = useSnapshot(notices);
  useEffect(() => void loadNotices().catch(() => {}), []);
  const unread = [...snap.anntMsgList, ...snap.sysMsgList] as Announcement[];
  const open = (a: Announcement) => {
    openAnnouncement(a);
    void markNoticeRead(a.id).catch(() => {});
  };
  return (
    <CompactList
      title="未读消息"
      testId="task-notices"
      total={snap.anntMsgTotal + snap.sysMsgTotal}
      more={MY_ANNOUNCEMENTS}
      loading={!snap.loaded}
      empty="没有未读消息"
      entries={unread.map((a) => ({
        key: a.id,
        title: a.titile,
        onOpen: () => open(a),
        description: `${CATEGORY_TEXT[a.msgCategory] ?? ''} · ${a.sender ?? ''} · ${a.sendTime ?? ''}`,
        extra: <Tag color={PRIORITY_TAGS[a.priority]?.color}>{PRIORITY_TAGS[a.priority]?.text}</Tag>,
      }))}
    />
  );
}
