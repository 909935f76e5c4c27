import { http } from '../http/client.ts';

/* The announcement calls of spec section 7 ("Announcements") and the writer's calls beside them. */

export type Priority = 'L' | 'M' | 'H';

export interface Announcement {
  id: string;
  titile: string;
  msgContent: string | null;
  msgAbstract: string | null;
  sender: string | null;
  priority: Priority;
  /** '1' notice, '2' system message. */
  msgCategory: '1' | '2';
  msgType: 'ALL' | 'USER';
  userIds: string | null;
  /** '0' draft, '1' released, '2' revoked. */
  sendStatus: '0' | '1' | '2';
  sendTime: string | null;
  openType: 'url' | 'component' | null;
  openPage: string | null;
  busId: string | null;
  createTime: string | null;
  readFlag?: number;
}

export interface NoticeList {
  anntMsgList: Announcement[];
  anntMsgTotal: number;
  sysMsgList: Announcement[];
  sysMsgTotal: number;
}

export interface Paged<T> {
  records: T[];
  total: number;
}

export const PRIORITY_TAGS: Record<Priority, { color: string; text: string }> = {
  L: { color: 'blue', text: '一般' },
  M: { color: 'orange', text: '重要' },
  H: { color: 'red', text: '紧急' },
};

export const CATEGORY_TEXT: Record<string, string> = { '1': '通知公告', '2': '系统消息' };

export const noticeApi = {
  listByUser: () => http.get<NoticeList>('/sys/annountCement/listByUser', undefined, { silent: true }).then((r) => r.result),
  queryById: (id: string) => http.get<Announcement>('/sys/annountCement/queryById', { id }).then((r) => r.result),
  markRead: (anntId: string) => http.put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId }),
  readAll: () => http.put<number>('/sys/sysAnnouncementSend/readAll'),
  mine: (params: { pageNo: number; pageSize: number; readFlag?: string }) =>
    http.get<Paged<Announcement>>('/sys/sysAnnouncementSend/getMyAnnouncementSend', params).then((r) => r.result),
};
