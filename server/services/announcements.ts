import { type Kysely, sql } from 'kysely';
import type { DB, SysAnnouncement } from '../db/schema.ts';
import { forbidden, notFound } from '../http/envelope.ts';
import { newId } from '../lib/ids.ts';
import { nowText } from '../lib/time.ts';

/*
 * The reader's side of announcements: what was sent to a user, what they have read, and marking read.
 * "Sent to a user" means released, not deleted, and either for everyone or with a send row for them.
 */

export const NOT_SENT_MESSAGE = '消息不存在或未发送给您';
export const RELEASED = '1';

/** An announcement as the API answers it (spec section 3, "Announcement"). */
export interface AnnouncementView {
  id: string;
  titile: string;
  msgContent: string | null;
  msgAbstract: string | null;
  sender: string | null;
  priority: string;
  msgCategory: string;
  msgType: string;
  userIds: string | null;
  sendStatus: string;
  sendTime: string | null;
  cancelTime: string | null;
  openType: string | null;
  openPage: string | null;
  busType: string | null;
  busId: string | null;
  createBy: string | null;
  createTime: string | null;
  /** The notice this is (the push message's msgId refers to it). */
  msgId: string;
  msgTxt: string;
  /** For the reader: 0 unread, 1 read. */
  readFlag?: number;
  readTime?: string | null;
}

export function toView(a: SysAnnouncement, read?: { read_flag: number | null; read_time: string | null }): AnnouncementView {
  return {
    id: a.id,
    titile: a.titile,
    msgContent: a.msg_content,
    msgAbstract: a.msg_abstract,
    sender: a.sender,
    priority: a.priority,
    msgCategory: a.msg_category,
    msgType: a.msg_type,
    userIds: a.user_ids,
    sendStatus: a.send_status,
    sendTime: a.send_time,
    cancelTime: a.cancel_time,
    openType: a.open_type,
    openPage: a.open_page,
    busType: a.bus_type,
    busId: a.bus_id,
    createBy: a.create_by,
    createTime: a.create_time,
    msgId: a.id,
    msgTxt: a.titile,
    ...(read ? { readFlag: read.read_flag ?? 0, readTime: read.read_time } : {}),
  };
}

export interface ListByUserResult {
  anntMsgList: AnnouncementView[];
  anntMsgTotal: number;
  sysMsgList: AnnouncementView[];
  sysMsgTotal: number;
}

export type ReadFilter = 'all' | 'read' | 'unread';

export class AnnouncementReader {
  constructor(private readonly db: Kysely<DB>) {}

  /** Announcements sent to the user, with the user's read state (send row columns are null when none). */
  private sentTo(userId: string) {
    return this.db
      .selectFrom('sys_announcement as a')
      .leftJoin('sys_announcement_send as s', (join) => join.onRef('s.annt_id', '=', 'a.id').on('s.user_id', '=', userId))
      .where('a.send_status', '=', RELEASED)
      .where('a.del_flag', '=', 0)
      .where((eb) => eb.or([eb('a.msg_type', '=', 'ALL'), eb('s.id', 'is not', null)]));
  }

  private unread(userId: string, category: string) {
    return this.sentTo(userId)
      .where('a.msg_category', '=', category)
      .where(sql<boolean>`coalesce(s.read_flag, 0) = 0`);
  }

  private async unreadOf(userId: string, category: string, limit: number) {
    const [rows, count] = await Promise.all([
      this.unread(userId, category).selectAll('a').select(['s.read_flag', 's.read_time']).orderBy('a.send_time', 'desc').orderBy('a.id', 'desc').limit(limit).execute(),
      this.unread(userId, category).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { list: rows.map((r) => toView(r, r)), total: Number(count.n) };
  }

  /** The bell's figures: the newest unread notices and system messages and how many of each there are. */
  async listByUser(userId: string, pageSize: number): Promise<ListByUserResult> {
    const [annt, sys] = await Promise.all([this.unreadOf(userId, '1', pageSize), this.unreadOf(userId, '2', pageSize)]);
    return { anntMsgList: annt.list, anntMsgTotal: annt.total, sysMsgList: sys.list, sysMsgTotal: sys.total };
  }

  /** My announcements page: everything sent to the user, newest first, optionally only read or unread. */
  async pageOf(userId: string, opts: { pageNo: number; pageSize: number; read: ReadFilter; category?: string }) {
    let query = this.sentTo(userId);
    if (opts.read === 'read') query = query.where('s.read_flag', '=', 1);
    if (opts.read === 'unread') query = query.where(sql<boolean>`coalesce(s.read_flag, 0) = 0`);
    if (opts.category) query = query.where('a.msg_category', '=', opts.category);
    const [rows, count] = await Promise.all([
      query
        .selectAll('a')
        .select(['s.read_flag', 's.read_time'])
        .orderBy('a.send_time', 'desc')
        .orderBy('a.id', 'desc')
        .limit(opts.pageSize)
        .offset((opts.pageNo - 1) * opts.pageSize)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { records: rows.map((r) => toView(r, r)), total: Number(count.n), current: opts.pageNo, size: opts.pageSize };
  }

  /** One announcement sent to the user, or 404 with the same message whether it exists or not. */
  async sentOne(userId: string, id: string): Promise<AnnouncementView> {
    const row = await this.sentTo(userId).selectAll('a').select(['s.read_flag', 's.read_time']).where('a.id', '=', id).executeTakeFirst();
    if (!row) throw notFound(NOT_SENT_MESSAGE);
    return toView(row, row);
  }

  async markRead(userId: string, anntId: string): Promise<void> {
    await this.sentOne(userId, anntId);
    const now = nowText();
    await this.db
      .insertInto('sys_announcement_send')
      .values({ id: newId(), annt_id: anntId, user_id: userId, read_flag: 1, read_time: now })
      .onConflict((oc) => oc.columns(['annt_id', 'user_id']).doUpdateSet({ read_flag: 1, read_time: now }))
      .execute();
  }

  /** Marks everything sent to the user read; answers how many were unread. */
  async markAllRead(userId: string): Promise<number> {
    const unread = await this.sentTo(userId).select('a.id').where(sql<boolean>`coalesce(s.read_flag, 0) = 0`).execute();
    if (unread.length === 0) return 0;
    const now = nowText();
    await this.db
      .insertInto('sys_announcement_send')
      .values(unread.map((r) => ({ id: newId(), annt_id: r.id, user_id: userId, read_flag: 1, read_time: now })))
      .onConflict((oc) => oc.columns(['annt_id', 'user_id']).doUpdateSet({ read_flag: 1, read_time: now }))
      .execute();
    return unread.length;
  }
}

/** A reader may name a user only to name themselves: the read state of someone else is theirs to change. */
export function assertSelf(sessionUserId: string, named: unknown): void {
  if (named !== undefined && named !== null && named !== '' && named !== sessionUserId) throw forbidden('不能修改他人的消息状态');
}
