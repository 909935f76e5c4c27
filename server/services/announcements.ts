import { type Kysely, sql } from 'kysely';
import type { DB, SysAnnouncement } from '../db/schema.ts';
import { forbidden, notFound } from '../http/envelope.ts';
import { newId } from '../lib/ids.ts';
import { nowText } from '../lib/time.ts';
import { applyScope } from '../engine/scope/row-scope.ts';

/*
 * The reader's side of announcements: what was sent to a user, what they have read, and marking read.
 * "Sent to a user" means released, not deleted, of one of the user's tenants (or of none: tenant 0), and
 * either for everyone or with a send row for them. "Everyone" is everyone of that tenant: an announcement
 * of another tenant never reaches the user, whatever its addressees.
 */

/**
 * Whom a read is for: the user, and the tenants whose announcements reach them (the tenants of their
 * scoped reader's row scope; undefined when that is every tenant, as on a single-tenant install). The data
 * rules of the 系统通告 screen are not applied here: they narrow what an administrator manages, not what is
 * delivered to them.
 */
export interface Recipient {
  userId: string;
  tenants?: number[];
}

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
  private sentTo({ userId, tenants }: Recipient) {
    const all = this.db
      .selectFrom('sys_announcement as a')
      .leftJoin('sys_announcement_send as s', (join) => join.onRef('s.annt_id', '=', 'a.id').on('s.user_id', '=', userId));
    return applyScope(all, { tenants }, 'a')
      .where('a.send_status', '=', RELEASED)
      .where('a.del_flag', '=', 0)
      .where((eb) => eb.or([eb('a.msg_type', '=', 'ALL'), eb('s.id', 'is not', null)]));
  }

  private unread(to: Recipient, category: string) {
    return this.sentTo(to)
      .where('a.msg_category', '=', category)
      .where(sql<boolean>`coalesce(s.read_flag, 0) = 0`);
  }

  private async unreadOf(to: Recipient, category: string, limit: number) {
    const [rows, count] = await Promise.all([
      this.unread(to, category)
        .selectAll('a')
        .select(['s.read_flag', 's.read_time'])
        .orderBy('a.send_time', 'desc')
        .orderBy('a.id', 'desc')
        .limit(limit)
        .execute(),
      this.unread(to, category)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { list: rows.map((r) => toView(r, r)), total: Number(count.n) };
  }

  /** How many announcements sent to the user (of every category) are unread. */
  async unreadCount(to: Recipient): Promise<number> {
    const row = await this.sentTo(to)
      .where(sql<boolean>`coalesce(s.read_flag, 0) = 0`)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The bell's figures: the newest unread notices and system messages and how many of each there are. */
  async listByUser(to: Recipient, pageSize: number): Promise<ListByUserResult> {
    const [annt, sys] = await Promise.all([this.unreadOf(to, '1', pageSize), this.unreadOf(to, '2', pageSize)]);
    return { anntMsgList: annt.list, anntMsgTotal: annt.total, sysMsgList: sys.list, sysMsgTotal: sys.total };
  }

  /** My announcements page: everything sent to the user, newest first, optionally only read or unread. */
  async pageOf(to: Recipient, opts: { pageNo: number; pageSize: number; read: ReadFilter; category?: string }) {
    let query = this.sentTo(to);
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
  async sentOne(to: Recipient, id: string): Promise<AnnouncementView> {
    const row = await this.sentTo(to).selectAll('a').select(['s.read_flag', 's.read_time']).where('a.id', '=', id).executeTakeFirst();
    if (!row) throw notFound(NOT_SENT_MESSAGE);
    return toView(row, row);
  }

  async markRead(to: Recipient, anntId: string): Promise<void> {
    await this.sentOne(to, anntId);
    const { userId } = to;
    const now = nowText();
    await this.db
      .insertInto('sys_announcement_send')
      .values({ id: newId(), annt_id: anntId, user_id: userId, read_flag: 1, read_time: now })
      .onConflict((oc) => oc.columns(['annt_id', 'user_id']).doUpdateSet({ read_flag: 1, read_time: now }))
      .execute();
  }

  /** Marks everything sent to the user read; answers how many were unread. */
  async markAllRead(to: Recipient): Promise<number> {
    const { userId } = to;
    const unread = await this.sentTo(to)
      .select('a.id')
      .where(sql<boolean>`coalesce(s.read_flag, 0) = 0`)
      .execute();
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
