import { proxy } from 'valtio';
import { runtimeConfig } from '../config.ts';
import { type Announcement, noticeApi } from './api.ts';
import { NoticeSocket, socketUrl } from './socket.ts';

/*
 * The bell's state (spec section 2, "Notification"; section 4, "Notifications"): the newest unread
 * notices and system messages with their counts, reloaded when the socket says something changed and
 * after an announcement is opened.
 */

export const notices = proxy({
  anntMsgList: [] as Announcement[],
  anntMsgTotal: 0,
  sysMsgList: [] as Announcement[],
  sysMsgTotal: 0,
  loaded: false,
});

export async function loadNotices(): Promise<void> {
  const result = await noticeApi.listByUser();
  Object.assign(notices, result, { loaded: true });
}

/** Opening an announcement marks it read and reloads the counts. */
export async function markNoticeRead(id: string): Promise<void> {
  await noticeApi.markRead(id);
  await loadNotices().catch(() => {});
}

let socket: NoticeSocket | null = null;

/** Opens the live channel for the signed-in user (once); closed again by disconnectNotices. */
export function connectNotices(userId: string, token: string) {
  disconnectNotices();
  socket = new NoticeSocket({
    url: socketUrl(runtimeConfig().wsPath, userId),
    token,
    onNotice: () => void loadNotices().catch(() => {}),
    onAuthorization: () => window.location.reload(),
  });
  socket.start();
}

export function disconnectNotices() {
  socket?.stop();
  socket = null;
}
