import type { Kysely } from 'kysely';
import { type ReportInput, saveReport } from './definitions.ts';

/*
 * The report definitions a new install starts with: staff users (the popup behind 捐赠团队's 队长, so only
 * people who may add or edit a team may read it) and donation activities (any signed-in user, within the
 * data rules of 捐赠活动).
 */
export const DEMO_REPORTS: ReportInput[] = [
  {
    code: 'report_user',
    name: '用户',
    perms: ['donation:team:add', 'donation:team:edit'],
    sql: `select u.id, u.username, u.realname, u.sex, u.phone, d.depart_name
      from sys_user u left join sys_depart d on d.org_code = u.org_code
      where u.del_flag = 0 and u.status = 1 and u.username <> \${exclude_user}`,
    params: [{ name: 'exclude_user', title: '排除账号', defaultValue: 'guest' }],
    items: [
      { name: 'id', title: '用户ID', show: false },
      { name: 'username', title: '账号', search: true },
      { name: 'realname', title: '姓名', search: true },
      { name: 'sex', title: '性别', type: 'integer', dict: 'sex', search: true, hidden: true },
      { name: 'phone', title: '手机号' },
      { name: 'depart_name', title: '部门', search: true, hidden: true },
    ],
  },
  {
    code: 'report_donation_activity',
    name: '捐赠活动',
    // 捐赠活动's data rules limit the rows (a 本部门 rule: the user's department's activities only).
    scope: 'donation/activity',
    sql: `select a.id, a.activity_no, a.activity_name, a.category, a.status, a.target_amount, a.raised_amount, a.donor_count, a.start_date,
        a.sys_org_code, a.create_by
      from donation_activity a where a.status <> \${exclude_status}`,
    params: [{ name: 'exclude_status', title: '排除状态', defaultValue: '0' }],
    items: [
      { name: 'id', title: '活动ID', show: false },
      { name: 'activity_no', title: '活动编号', search: true },
      { name: 'activity_name', title: '活动名称', search: true },
      { name: 'category', title: '活动类别', dict: 'donation_category', search: true },
      { name: 'status', title: '状态', dict: 'activity_status', search: true, hidden: true },
      { name: 'target_amount', title: '目标金额', type: 'number' },
      { name: 'raised_amount', title: '已筹金额', type: 'number' },
      { name: 'donor_count', title: '捐赠人次', type: 'integer' },
      { name: 'start_date', title: '开始日期', type: 'date', search: true, range: true, hidden: true },
    ],
  },
];

/** Writes the demo definitions that are not there yet (by code), so a second start adds nothing. */
export async function seedOnlineReports(db: Kysely<any>): Promise<void> {
  for (const report of DEMO_REPORTS) {
    const exists = await db.selectFrom('onl_cgreport_head').select('id').where('code', '=', report.code).executeTakeFirst();
    if (!exists) await saveReport(db, report);
  }
}
