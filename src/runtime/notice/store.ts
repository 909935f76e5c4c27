import { proxy } from 'valtio';
import { runtimeConfig } from '../config.ts';
import { type Announcement, noticeApi } from './api.ts';
import { NoticeSocket, socketUrl } from './socket.ts';

/*
 * The bell's state (spec section 2, "Notification"; section 4, "Notifications"): the newest unread
 * notices and system messages with their counts, reloaded when the socket says something changed and
 * after an announcement is opened. Polling (every 6 s) exists but is not started on its own; a failed
 * load stops it.
 */

export const POLL_MS = 6000;

export const notices = proxy({
  anntMsgList: [] as Announcement[],
  anntMsgTotal: 0,
  sysMsgList: [] as Announcement[],
  sysMsgTotal: 0,
  loaded: false,
});

export const noticeTotal = () => notices.anntMsgTotal + notices.sysMsgTotal;

let pollTimer: ReturnType<typeof setInterval> | null = null;

export function stopPolling() {
  if (pollTimer) clearInterval(pollTimer);
  pollTimer = null;
}

export async function loadNotices(): Promise<void> {
  try {
    const result = await noticeApi.listByUser();
    Object.assign(notices, result, { loaded: true });
  } catch (error) {
    stopPolling();
    throw error;
  }
}

export function startPolling() {
  stopPolling();
  pollTimer = setInterval(() => void loadNotices().catch(() => {}), POLL_MS);
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
