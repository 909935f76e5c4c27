import type { Kysely } from 'kysely';
import type { DB, SysAnnouncement, SysUser } from '../db/schema.ts';
import { badRequest, notFound } from '../http/envelope.ts';
import { newId } from '../lib/ids.ts';
import { nowText } from '../lib/time.ts';
import { RELEASED } from './announcements.ts';

/*
 * The writer's side beyond the schema screen (schemas/system/announcement.json writes drafts through the
 * generic runtime): release and revoke. Releasing addresses the recipients (send rows for chosen users)
 * and tells the open clients through `push`, which the route wires to the real-time hub.
 */

/** The button permissions the schema screen's menu sync creates ({prefix}:edit, :release, :revoke). */
export const ANNOUNCEMENT_PERMS = {
  edit: 'system:announcement:edit',
  release: 'system:announcement:release',
  revoke: 'system:announcement:revoke',
} as const;

export const REVOKED = '2';

/** Who a push goes to: everyone ('topic') or the listed users ('user'). */
export type PushTarget = { all: true } | { userIds: string[] };
export type Push = (target: PushTarget, message: { cmd: 'topic' | 'user'; msgId: string; msgTxt: string }) => Promise<void>;

const listed = (userIds: string | null) => [
  ...new Set(
    (userIds ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

export class AnnouncementWriter {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly push: Push,
  ) {}

  async get(id: string): Promise<SysAnnouncement> {
    const row = await this.db.selectFrom('sys_announcement').selectAll().where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
    if (!row) throw notFound('通告不存在');
    return row;
  }

  /**
   * The user ids of the chosen users. The screen's user picker stores usernames; announcements written
   * before it (and the demo data of older installs) hold ids, so an entry matching either counts.
   */
  private async recipientIds(a: SysAnnouncement): Promise<string[]> {
    const names = listed(a.user_ids);
    if (names.length === 0) return [];
    const found = await this.db
      .selectFrom('sys_user')
      .select(['id', 'username'])
      .where('del_flag', '=', 0)
      .where((eb) => eb.or([eb('username', 'in', names), eb('id', 'in', names)]))
      .execute();
    const known = new Set(found.flatMap((u) => [u.id, u.username]));
    const missing = names.filter((n) => !known.has(n));
    if (missing.length) throw badRequest(`指定用户不存在：${missing.slice(0, 5).join(',')}`);
    return [...new Set(found.map((u) => u.id))];
  }

  async release(id: string, by: SysUser): Promise<void> {
    const current = await this.get(id);
    if (current.send_status === RELEASED) throw badRequest('该通告已发布');
    const userIds = current.msg_type === 'USER' ? await this.recipientIds(current) : [];
    if (current.msg_type === 'USER' && userIds.length === 0) throw badRequest('请选择指定用户');
    const now = nowText();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('sys_announcement')
        .set({ send_status: RELEASED, send_time: now, cancel_time: null, sender: by.realname, update_by: by.username, update_time: now })
        .where('id', '=', id)
        .execute();
      if (current.msg_type !== 'USER') return;
      // A revoked and edited announcement may have lost recipients since it was last released.
      await trx.deleteFrom('sys_announcement_send').where('annt_id', '=', id).where('user_id', 'not in', userIds).execute();
      await trx
        .insertInto('sys_announcement_send')
        .values(userIds.map((userId) => ({ id: newId(), annt_id: id, user_id: userId, read_flag: 0, read_time: null, create_time: now })))
        .onConflict((oc) => oc.columns(['annt_id', 'user_id']).doNothing())
        .execute();
    });
    await this.pushFor(current, userIds);
  }

  async revoke(id: string, by: SysUser): Promise<void> {
    const current = await this.get(id);
    if (current.send_status !== RELEASED) throw badRequest('只能撤销已发布的通告');
    const now = nowText();
    await this.db
      .updateTable('sys_announcement')
      .set({ send_status: REVOKED, cancel_time: now, update_by: by.username, update_time: now })
      .where('id', '=', id)
      .execute();
    const recipients =
      current.msg_type === 'USER'
        ? (await this.db.selectFrom('sys_announcement_send').select('user_id').where('annt_id', '=', id).execute()).map((r) => r.user_id)
        : [];
    await this.pushFor(current, recipients);
  }

  private async pushFor(a: SysAnnouncement, userIds: string[]): Promise<void> {
    const message = { msgId: a.id, msgTxt: a.titile };
    if (a.msg_type === 'USER') return this.push({ userIds }, { cmd: 'user', ...message });
    // "Everyone" is everyone of the announcement's tenant: other tenants' open pages never get its title.
    const others = a.tenant_id ? await this.db.selectFrom('sys_tenant').select('id').where('id', '!=', a.tenant_id).limit(1).executeTakeFirst() : undefined;
    if (others) {
      const members = await this.db.selectFrom('sys_user_tenant').select('user_id').where('tenant_id', '=', a.tenant_id).execute();
      return this.push({ userIds: members.map((m) => m.user_id) }, { cmd: 'topic', ...message });
    }
    return this.push({ all: true }, { cmd: 'topic', ...message });
  }
}
