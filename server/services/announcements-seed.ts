import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { sanitizeRichText } from '../engine/write/record-input.ts';

/** A few released announcements for a new install, so the bell and 我的消息 have something to show. */
const DEMO = [
  {
    titile: '关于2026年春季助学金发放工作的通知',
    priority: 'H',
    category: '1',
    content: '<p>各部门：</p><p>2026年春季助学金将于<strong>3月15日</strong>前发放完毕，请资助部核对受助学生名单，财务部做好拨付准备。</p>',
  },
  {
    titile: '希望小学图书室捐建项目启动',
    priority: 'M',
    category: '1',
    content: '<p>本年度希望小学图书室捐建项目正式启动，欢迎各部门推荐合适的受助学校。</p>',
  },
  { titile: '办公系统升级完成', priority: 'L', category: '2', content: '<p>后台管理系统已完成升级，新增消息中心与个人设置功能。</p>' },
] as const;

export async function seedAnnouncements(db: Kysely<DB>, now: string, users: ReadonlyMap<string, string>): Promise<void> {
  const audit = { create_by: 'admin', create_time: now, update_by: null, update_time: null };
  const common = {
    msg_abstract: null,
    sender: '管理员',
    msg_type: 'ALL',
    user_ids: null,
    send_status: '1',
    send_time: now,
    cancel_time: null,
    open_type: null,
    open_page: null,
    bus_type: null,
    bus_id: null,
    del_flag: 0,
    tenant_id: 1,
  };
  for (const a of DEMO) {
    await db
      .insertInto('sys_announcement')
      .values({ id: newId(), titile: a.titile, msg_content: sanitizeRichText(a.content), priority: a.priority, msg_category: a.category, ...common, ...audit })
      .execute();
  }
  // One addressed to a single staff member, opening their account settings.
  const zhangwei = users.get('zhangwei');
  if (!zhangwei) return;
  // user_ids holds usernames, as the screen's user picker writes them; the send row holds the id.
  const id = newId();
  await db
    .insertInto('sys_announcement')
    .values({
      id,
      titile: '请完善您的个人信息',
      msg_content: '<p>请在个人设置中补充手机号码和邮箱，便于接收项目通知。</p>',
      priority: 'M',
      msg_category: '2',
      ...common,
      msg_type: 'USER',
      user_ids: 'zhangwei',
      open_type: 'url',
      open_page: '/account/settings',
      ...audit,
    })
    .execute();
  await db
    .insertInto('sys_announcement_send')
    .values({ id: newId(), annt_id: id, user_id: zhangwei, read_flag: 0, read_time: null, create_time: now })
    .execute();
}
