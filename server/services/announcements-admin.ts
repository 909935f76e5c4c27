import type { Kysely } from 'kysely';
import type { DB, SysAnnouncement, SysUser } from '../db/schema.ts';
import { badRequest, notFound } from '../http/envelope.ts';
import { newId } from '../lib/ids.ts';
import { nowText } from '../lib/time.ts';
import type { AnnouncementInput } from './announcements-input.ts';
import { RELEASED, toView } from './announcements.ts';

/*
 * The writer's side: drafts, release and revoke. Releasing addresses the recipients (send rows for
 * chosen users) and tells the open clients through `push`, which the route wires to the real-time hub.
 */

/** The permission codes the writer's calls demand (seeded as buttons of the 系统通告 menu). */
export const ANNOUNCEMENT_PERMS = {
  list: 'system:announcement:list',
  add: 'system:announcement:add',
  edit: 'system:announcement:edit',
  delete: 'system:announcement:delete',
  release: 'system:announcement:release',
} as const;

export const DRAFT = '0';
export const REVOKED = '2';

/** Who a push goes to: everyone ('topic') or the listed users ('user'). */
export type PushTarget = { all: true } | { userIds: string[] };
export type Push = (target: PushTarget, message: { cmd: 'topic' | 'user'; msgId: string; msgTxt: string }) => Promise<void>;

const columnsOf = (input: AnnouncementInput) => ({
  titile: input.titile,
  msg_content: input.msgContent,
  msg_abstract: input.msgAbstract,
  priority: input.priority,
  msg_category: input.msgCategory,
  msg_type: input.msgType,
  user_ids: input.msgType === 'USER' ? input.userIds.join(',') : null,
  open_type: input.openType,
  open_page: input.openPage,
  bus_type: input.busType,
  bus_id: input.busId,
});

export class AnnouncementWriter {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly push: Push,
  ) {}

  async page(opts: { pageNo: number; pageSize: number; titile?: string; sendStatus?: string }) {
    let query = this.db.selectFrom('sys_announcement').where('del_flag', '=', 0);
    if (opts.titile) query = query.where('titile', 'ilike', `%${opts.titile.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (opts.sendStatus) query = query.where('send_status', '=', opts.sendStatus);
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy('create_time', 'desc').orderBy('id', 'desc').limit(opts.pageSize).offset((opts.pageNo - 1) * opts.pageSize).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { records: rows.map((r) => toView(r)), total: Number(count.n), current: opts.pageNo, size: opts.pageSize };
  }

  async get(id: string): Promise<SysAnnouncement> {
    const row = await this.db.selectFrom('sys_announcement').selectAll().where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
    if (!row) throw notFound('通告不存在');
    return row;
  }

  private async checkRecipients(userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    const found = await this.db.selectFrom('sys_user').select('id').where('id', 'in', userIds).where('del_flag', '=', 0).execute();
    const known = new Set(found.map((r) => r.id));
    const missing = userIds.filter((id) => !known.has(id));
    if (missing.length) throw badRequest(`指定用户不存在：${missing.slice(0, 5).join(',')}`);
  }

  async add(input: AnnouncementInput, by: SysUser): Promise<string> {
    await this.checkRecipients(input.userIds);
    const id = newId();
    await this.db
      .insertInto('sys_announcement')
      .values({
        id, ...columnsOf(input), sender: null, send_status: DRAFT, send_time: null, cancel_time: null, del_flag: 0, tenant_id: by.tenant_id,
        create_by: by.username, create_time: nowText(), update_by: null, update_time: null,
      })
      .execute();
    return id;
  }

  async edit(id: string, input: AnnouncementInput, by: SysUser): Promise<void> {
    const current = await this.get(id);
    if (current.send_status === RELEASED) throw badRequest('已发布的通告不能修改，请先撤销');
    await this.checkRecipients(input.userIds);
    await this.db.updateTable('sys_announcement').set({ ...columnsOf(input), update_by: by.username, update_time: nowText() }).where('id', '=', id).execute();
  }

  async remove(id: string, by: SysUser): Promise<void> {
    const current = await this.get(id);
    await this.db.updateTable('sys_announcement').set({ del_flag: 1, update_by: by.username, update_time: nowText() }).where('id', '=', id).execute();
    // Readers who have it in their bell should see it go.
    if (current.send_status === RELEASED) await this.pushFor(current);
  }

  async release(id: string, by: SysUser): Promise<void> {
    const current = await this.get(id);
    if (current.send_status === RELEASED) throw badRequest('该通告已发布');
    const now = nowText();
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('sys_announcement').set({ send_status: RELEASED, send_time: now, cancel_time: null, sender: by.realname, update_by: by.username, update_time: now }).where('id', '=', id).execute();
      if (current.msg_type !== 'USER') return;
      const userIds = (current.user_ids ?? '').split(',').filter(Boolean);
      // A revoked and edited announcement may have lost recipients since it was last released.
      await trx.deleteFrom('sys_announcement_send').where('annt_id', '=', id).where('user_id', 'not in', userIds.length ? userIds : ['']).execute();
      if (userIds.length) {
        await trx
          .insertInto('sys_announcement_send')
          .values(userIds.map((userId) => ({ id: newId(), annt_id: id, user_id: userId, read_flag: 0, read_time: null, create_time: now })))
          .onConflict((oc) => oc.columns(['annt_id', 'user_id']).doNothing())
          .execute();
      }
    });
    await this.pushFor(current);
  }

  async revoke(id: string, by: SysUser): Promise<void> {
    const current = await this.get(id);
    if (current.send_status !== RELEASED) throw badRequest('只能撤销已发布的通告');
    const now = nowText();
    await this.db.updateTable('sys_announcement').set({ send_status: REVOKED, cancel_time: now, update_by: by.username, update_time: now }).where('id', '=', id).execute();
    await this.pushFor(current);
  }

  private pushFor(a: SysAnnouncement): Promise<void> {
    const message = { msgId: a.id, msgTxt: a.titile };
    if (a.msg_type === 'USER') return this.push({ userIds: (a.user_ids ?? '').split(',').filter(Boolean) }, { cmd: 'user', ...message });
    return this.push({ all: true }, { cmd: 'topic', ...message });
  }

  /** Users an announcement can be addressed to, for the writer's picker. */
  async recipients(keyword: string) {
    let query = this.db.selectFrom('sys_user').select(['id', 'username', 'realname']).where('del_flag', '=', 0).where('status', '=', 1);
    if (keyword) {
      const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) => eb.or([eb('username', 'ilike', like), eb('realname', 'ilike', like)]));
    }
    return query.orderBy('username').limit(50).execute();
  }
}
