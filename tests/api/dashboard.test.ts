import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../server/lib/time.ts';
import { newId } from '../../server/lib/ids.ts';
import { up as addDashboardMenus } from '../../server/db/migrations/032_dashboard_menus.ts';
import { PENDING_WORK } from '../../server/services/dashboard/pending.ts';
import { userId } from './helpers/fixtures.ts';
import { addActivity, addDonation, addTeam, NO_AUTH, refused } from './helpers/schema-records.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * 捐赠报表, the analysis dashboard and the login/visit figures: every figure is compared with sums worked
 * out here from the rows this file inserted (the server starts without demo data).
 */

let s: TestServer;
let admin: string;
let zhangwei: string;
let lina: string;
let guest: string;

interface Gift {
  activity: string;
  team: string | null;
  donor_name: string;
  donor_type: string;
  pay_method: string;
  amount: number;
  pay_status: string;
  pay_time: string | null;
}
const gifts: Gift[] = [];
const names = new Map<string, string>();

async function give(g: Gift) {
  await addDonation(s, admin, g.activity, {
    teamId: g.team,
    donorName: g.donor_name,
    donorType: g.donor_type,
    payMethod: g.pay_method,
    amount: g.amount,
    payStatus: g.pay_status,
    payTime: g.pay_time,
  });
  gifts.push(g);
}

const now = new Date();
const year = now.getFullYear();
const pad = (n: number) => String(n).padStart(2, '0');
const thisMonth = `${year}-${pad(now.getMonth() + 1)}`;
const lastMonthDate = new Date(year, now.getMonth() - 1, 1);
const lastMonth = `${lastMonthDate.getFullYear()}-${pad(lastMonthDate.getMonth() + 1)}`;
const round = (n: number) => Math.round(n * 100) / 100;

beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  zhangwei = await s.loginAs('zhangwei', ADMIN_PASSWORD);
  lina = await s.loginAs('lina', ADMIN_PASSWORD);
  guest = (await s.api.post('/sys/guestLogin')).body.result.token;

  const a1 = await addActivity(s, admin, { activityName: '春蕾助学' });
  const a2 = await addActivity(s, admin, { activityName: '乡村图书室' });
  const t1 = await addTeam(s, admin, a1, { teamName: '一起捐一队' });
  names.set(a1, '春蕾助学').set(a2, '乡村图书室').set(t1, '一起捐一队');
  const rows: [string, string | null, string, string, string, number, string, string | null][] = [
    [a1, t1, '张三', '1', '1', 100, '2', '2019-01-05 09:00:00'],
    [a1, t1, '张三', '1', '2', 50.25, '2', '2019-01-20 10:00:00'],
    [a1, null, '华为公司', '2', '3', 10000, '2', '2019-03-01 00:00:00'],
    [a2, null, '李四', '1', '1', 300.5, '2', '2019-12-31 23:30:00'],
    [a2, null, '王五', '3', '4', 80, '1', null], // unpaid: never counted
    [a2, null, '赵六', '1', '1', 999, '2', '2020-01-01 00:00:00'], // the day after the range
    [a2, null, '孙七', '1', '1', 70, '3', '2019-06-01 08:00:00'], // refunded
    [a1, t1, '周八', '1', '1', 120, '2', `${thisMonth}-01 08:00:00`],
    [a2, null, '吴九', '2', '2', 880.8, '2', `${thisMonth}-01 09:00:00`],
    [a1, null, '郑十', '1', '1', 400, '2', `${lastMonth}-02 10:00:00`],
  ];
  for (const [activity, team, donor_name, donor_type, pay_method, amount, pay_status, pay_time] of rows)
    await give({ activity, team, donor_name, donor_type, pay_method, amount, pay_status, pay_time });
});
afterAll(() => s?.close());

const paidBetween = (begin: string, end: string) =>
  gifts.filter((g) => g.pay_status === '2' && g.pay_time && g.pay_time.slice(0, 10) >= begin && g.pay_time.slice(0, 10) <= end);
const sumOf = (list: Gift[]) => round(list.reduce((t, g) => t + g.amount, 0));
function groupBy(list: Gift[], key: (g: Gift) => string) {
  const m = new Map<string, Gift[]>();
  for (const g of list) m.set(key(g), [...(m.get(key(g)) ?? []), g]);
  return m;
}

describe('捐赠报表 /donation/record/report/summary', () => {
  const path = (q: string) => `/donation/record/report/summary?${q}`;

  it('totals and every dimension equal the sums of the paid records in the range', async () => {
    const r = await s.api.get(path('begin=2019-01-01&end=2019-12-31'), admin);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const report = r.body.result;
    const paid = paidBetween('2019-01-01', '2019-12-31');
    expect(report.totals).toEqual({ amount: sumOf(paid), count: paid.length, donors: new Set(paid.map((g) => g.donor_name)).size });

    const byKey = (key: string) => report.groups.find((g: any) => g.key === key).rows;
    const months = byKey('month');
    expect(months.map((m: any) => m.value)).toEqual(Array.from({ length: 12 }, (_, i) => `2019-${pad(i + 1)}`));
    for (const [month, list] of groupBy(paid, (g) => g.pay_time!.slice(0, 7)))
      expect(months.find((m: any) => m.value === month)).toMatchObject({ amount: sumOf(list), count: list.length });
    expect(months.find((m: any) => m.value === '2019-02')).toMatchObject({ amount: 0, count: 0, donors: 0 });

    for (const [activity, list] of groupBy(paid, (g) => g.activity))
      expect(byKey('activity')).toContainEqual(
        expect.objectContaining({ value: activity, text: names.get(activity), amount: sumOf(list), count: list.length }),
      );
    expect(byKey('team')).toContainEqual(expect.objectContaining({ value: null, text: '未填写', amount: sumOf(paid.filter((g) => !g.team)) }));
    const methods = byKey('payMethod');
    expect(methods).toContainEqual(expect.objectContaining({ value: '1', text: '微信支付', amount: sumOf(paid.filter((g) => g.pay_method === '1')) }));
    expect(methods.reduce((t: number, m: any) => t + m.count, 0)).toBe(paid.length);
    expect(byKey('donorType')).toContainEqual(expect.objectContaining({ value: '2', text: '企业', amount: 10000, count: 1 }));
  });

  it('a range without records gives zeros, twelve empty months and no other groups', async () => {
    const report = (await s.api.get(path('begin=2001-01-01&end=2001-12-31'), admin)).body.result;
    expect(report.totals).toEqual({ amount: 0, count: 0, donors: 0 });
    expect(report.groups.find((g: any) => g.key === 'month').rows).toHaveLength(12);
    expect(report.groups.filter((g: any) => g.key !== 'month').every((g: any) => g.rows.length === 0)).toBe(true);
  });

  it('exports the same figures as an xlsx workbook', async () => {
    const r = await s.api.download(path('begin=2019-01-01&end=2019-12-31').replace('summary?', 'summary/exportXls?'), admin);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(r.bytes as unknown as ExcelJS.Buffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['汇总', '按月份', '按活动', '按团队', '按支付方式', '按捐赠人类型']);
    const summary = book.getWorksheet('汇总')!;
    expect(summary.getRow(4).values).toEqual([undefined, '捐赠金额', sumOf(paidBetween('2019-01-01', '2019-12-31'))]);
    const methods = book.getWorksheet('按支付方式')!;
    expect(methods.getRow(1).values).toEqual([undefined, '支付方式', '捐赠金额', '捐赠笔数', '捐赠人数']);
  });

  it('refuses a bad range with a clear message and an unknown dimension', async () => {
    refused(await s.api.get(path('begin=2019-01-01'), admin), '请选择统计的开始日期和结束日期');
    refused(await s.api.get(path('begin=2019-02-30&end=2019-03-01'), admin), '日期格式不正确，请使用 YYYY-MM-DD');
    refused(await s.api.get(path("begin=2019-01-01';drop table sys_user--&end=2019-03-01"), admin), '日期格式不正确，请使用 YYYY-MM-DD');
    refused(await s.api.get(path('begin=2019-05-01&end=2019-04-30'), admin), '开始日期不能晚于结束日期');
    refused(await s.api.get(path('begin=2010-01-01&end=2019-12-31'), admin), '统计区间不能超过1098天');
    refused(await s.api.get(path('begin=2019-01-01&end=2019-12-31&dimensions=phone'), admin), '报表没有维度：phone');
    // Dimensions are named as the document names them (payMethod); the column's name is refused, saying which.
    refused(await s.api.get(path('begin=2019-01-01&end=2019-12-31&dimensions=pay_method'), admin), '报表没有维度：pay_method（应写作 payMethod）');
    const one = await s.api.get(path('begin=2019-01-01&end=2019-12-31&dimensions=payMethod'), admin);
    expect(one.body.result.groups.map((g: { key: string }) => g.key)).toEqual(['payMethod']);
  });

  it('needs the report menu: a fundraiser may, the guest and a project officer may not; unknown reports are 404', async () => {
    expect((await s.api.get(path('begin=2019-01-01&end=2019-12-31'), zhangwei)).status).toBe(200);
    refused(await s.api.get(path('begin=2019-01-01&end=2019-12-31'), guest), '没有权限访问【捐赠报表】，请联系管理员授权', NO_AUTH);
    refused(
      await s.api.get(path('begin=2019-01-01&end=2019-12-31').replace('summary?', 'summary/exportXls?'), lina),
      '没有权限访问【捐赠报表】，请联系管理员授权',
      NO_AUTH,
    );
    expect((await s.api.get('/donation/record/report/nothing?begin=2019-01-01&end=2019-12-31', admin)).status).toBe(404);
    expect((await s.api.get('/donation/record/report/summary?begin=2019-01-01&end=2019-12-31')).status).toBe(401);
  });

  it('gives the report its own menu entry under 捐赠管理', async () => {
    const { menu } = (await s.api.get('/sys/permission/getUserPermissionByToken', zhangwei)).body.result;
    const donation = menu.find((m: any) => m.path === '/donation');
    expect(donation.children).toContainEqual(
      expect.objectContaining({
        path: '/donation/record/report/summary',
        component: 'report/donation/record/summary',
        meta: expect.objectContaining({ title: '捐赠报表' }),
      }),
    );
  });
});

describe('analysis dashboard /dashboard/analysis', () => {
  it("shows this year's donations, month on month and the charts' groups", async () => {
    const r = await s.api.get('/dashboard/analysis', admin);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const d = r.body.result.donations;
    const paid = paidBetween(`${year}-01-01`, `${year}-12-31`);
    expect(d).toMatchObject({ year, amount: sumOf(paid), count: paid.length, donors: new Set(paid.map((g) => g.donor_name)).size });
    const month = sumOf(paid.filter((g) => g.pay_time!.startsWith(thisMonth)));
    const last = sumOf(gifts.filter((g) => g.pay_status === '2' && g.pay_time?.startsWith(lastMonth)));
    expect(d.monthAmount).toBe(month);
    expect(d.lastMonthAmount).toBe(last);
    expect(d.monthOnMonth).toBeCloseTo((month - last) / last, 3);
    expect(d.byMonth).toHaveLength(12);
    expect(d.byMonth.find((m: any) => m.value === thisMonth).amount).toBe(month);
    expect(d.byActivity[0].amount).toBeGreaterThanOrEqual(d.byActivity.at(-1).amount);
    expect(d.byPayMethod.reduce((t: number, m: any) => t + m.amount, 0)).toBeCloseTo(sumOf(paid), 2);
  });

  it('counts pending work per list from the status the list waits on (zero, unlinked, where the area does not exist)', async () => {
    const { pending } = (await s.api.get('/dashboard/analysis', admin)).body.result;
    expect(pending.map((p: any) => p.key)).toEqual(PENDING_WORK.map((w) => w.key));
    for (const work of PENDING_WORK) {
      const item = pending.find((p: any) => p.key === work.key);
      const model = s.ctx.runtime.registry.find(work.code);
      if (!model) {
        expect(item).toMatchObject({ count: 0, path: null });
        continue;
      }
      const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(model.table)} where status = ${work.status}`.execute(s.db);
      expect(item).toMatchObject({ title: work.title, count: Number(rows[0].n), path: `/${work.code}` });
    }
  });

  it('leaves out what the user may not see: a fundraiser gets no project figures and no project or help counts', async () => {
    const r = await s.api.get('/dashboard/analysis', zhangwei);
    expect(r.status).toBe(200);
    expect(r.body.result.donations.amount).toBe(sumOf(paidBetween(`${year}-01-01`, `${year}-12-31`)));
    if (s.ctx.runtime.registry.find('project/application')) {
      expect(r.body.result.projects).toBeNull();
      expect(r.body.result.pending.map((p: any) => p.key)).not.toContain('project');
    }
    expect((await s.api.get('/dashboard/analysis', guest)).status).toBe(200);
    expect((await s.api.get('/dashboard/analysis')).status).toBe(401);
  });

  it('projects: applications by status, funds approved (已立项/实施中/已结项) against disbursed (已拨付 only)', async () => {
    const app = s.ctx.runtime.registry.find('project/application');
    const sending = s.ctx.runtime.registry.find('project/sending');
    if (!app || !sending) return; // the project area is not there: covered by the zero figures above
    const audit = { create_by: 'admin', create_time: '2026-01-01 00:00:00' };
    const project = async (name: string, status: string, approved: number) => {
      const id = newId();
      await s.db
        .insertInto(app.table as any)
        .values({
          id,
          ...audit,
          project_name: name,
          project_type: '1',
          school: '希望小学',
          contact: '李老师',
          apply_amount: approved,
          approved_amount: approved,
          status,
        } as any)
        .execute();
      return id;
    };
    const send = (project_id: string, amount: number, status: string) =>
      s.db
        .insertInto(sending.table as any)
        .values({ id: newId(), ...audit, project_id, batch_no: 1, amount, send_date: '2026-01-02', method: '1', status } as any)
        .execute();
    const p1 = await project('石门小学图书室', '3', 1000);
    const p2 = await project('红旗小学操场', '5', 500);
    await project('待审的项目', '2', 9999);
    await project('已结的项目', '6', 200);
    await send(p1, 300, '2');
    await send(p1, 100, '1');
    await send(p2, 500, '2');
    await send(p2, 50, '3');
    const { projects } = (await s.api.get('/dashboard/analysis', admin)).body.result;
    expect(projects.approved).toBe(1700);
    expect(projects.disbursed).toBe(800);
    expect(projects.byProject[0]).toEqual({ text: '石门小学图书室', approved: 1000, disbursed: 300 });
    expect(projects.byProject.map((p: any) => p.text)).not.toContain('待审的项目');
    const status = (v: string) => projects.byStatus.find((x: any) => x.value === v);
    expect(status('2')).toMatchObject({ text: '待审核', count: 1 });
    expect(status('1')).toMatchObject({ text: '草稿', count: 0 });
    expect(projects.byStatus.reduce((t: number, x: any) => t + x.count, 0)).toBe(4);
  });
});

describe('/sys/loginfo and /sys/visitInfo', () => {
  it('count the login lines of sys_log: all of them, today, and distinct addresses today', async () => {
    const day = (offset: number, time: string) => `${formatTimestamp(new Date(year, now.getMonth(), now.getDate() + offset)).slice(0, 10)} ${time}`;
    const line = (create_time: string, ip: string) => ({
      id: newId(),
      log_type: 1,
      log_content: '用户名: t,登录成功！',
      operate_type: null,
      userid: null,
      username: 't',
      ip,
      method: null,
      request_url: null,
      request_type: null,
      request_param: null,
      cost_time: null,
      create_time,
      tenant_id: 0,
    });
    await s.db
      .insertInto('sys_log')
      .values([
        line(day(-2, '08:00:00'), '10.0.0.1'),
        line(day(-2, '09:00:00'), '10.0.0.1'),
        line(day(-2, '23:59:59'), '10.0.0.2'),
        line(day(-30, '10:00:00'), '10.0.0.3'),
      ])
      .execute();
    await s.db
      .insertInto('sys_log')
      .values({ ...line(day(0, '00:00:01'), '10.9.9.9'), log_type: 2 })
      .execute();

    const logins = await s.db.selectFrom('sys_log').select(['create_time', 'ip']).where('log_type', '=', 1).execute();
    const today = formatTimestamp(now).slice(0, 10);
    const todays = logins.filter((l) => String(l.create_time).startsWith(today));
    const info = (await s.api.get('/sys/loginfo', admin)).body.result;
    expect(info).toEqual({ totalVisitCount: logins.length, todayVisitCount: todays.length, todayIp: new Set(todays.map((l) => l.ip)).size });
    expect(info.todayVisitCount).toBeGreaterThanOrEqual(4);

    const visits = (await s.api.get('/sys/visitInfo', admin)).body.result;
    expect(visits).toHaveLength(7);
    expect(visits.at(-1)).toMatchObject({ tian: today, type: today.slice(5), visit: todays.length });
    expect(visits.find((v: any) => v.tian === day(-2, '').trim())).toMatchObject({ visit: 3, ip: 2 });
    expect((await s.api.get('/sys/loginfo')).status).toBe(401);
  });
});

describe('仪表盘 menu and /dashboard/workplace', () => {
  const menuOf = async (token: string) =>
    (await s.api.get('/sys/permission/getUserPermissionByToken', token)).body.result.menu as { path: string; children?: { path: string }[] }[];

  it('lists 仪表盘 right after 首页: 工作台, 任务, 图表 for staff, 监控 for the admin only, nothing for the guest', async () => {
    const admin_ = await menuOf(admin);
    expect(admin_.map((m) => m.path).slice(0, 2)).toEqual(['/dashboard/analysis', '/dashboard']);
    expect(admin_[1].children!.map((c) => c.path)).toEqual(['/dashboard/workplace', '/dashboard/task', '/dashboard/chart', '/dashboard/monitor']);
    const staff = (await menuOf(zhangwei)).find((m) => m.path === '/dashboard')!;
    expect(staff.children!.map((c) => c.path)).toEqual(['/dashboard/workplace', '/dashboard/task', '/dashboard/chart']);
    expect((await menuOf(guest)).map((m) => m.path)).not.toContain('/dashboard');
  });

  it('migration 032 adds the entries, with their grants, to a database seeded without them, and only once', async () => {
    const grants = async () =>
      (
        await s.db
          .selectFrom('sys_permission as p')
          .leftJoin('sys_role_permission as rp', 'rp.permission_id', 'p.id')
          .leftJoin('sys_role as r', 'r.id', 'rp.role_id')
          .select(['p.url', 'p.name', 'p.component', 'p.sort_no', 'r.role_code'])
          .where('p.url', 'like', '/dashboard%')
          .where('p.url', '!=', '/dashboard/analysis')
          .orderBy('p.url')
          .orderBy('r.role_code')
          .execute()
      ).map((g) => JSON.stringify(g));
    const seeded = await grants();
    expect(seeded.length).toBe(4 * 4 + 1);
    await addDashboardMenus(s.db);
    expect(await grants()).toEqual(seeded);
    const ids = (
      await s.db.selectFrom('sys_permission').select('id').where('url', 'like', '/dashboard%').where('url', '!=', '/dashboard/analysis').execute()
    ).map((r) => r.id);
    await s.db.deleteFrom('sys_role_permission').where('permission_id', 'in', ids).execute();
    await s.db.deleteFrom('sys_permission').where('id', 'in', ids).execute();
    expect(await grants()).toEqual([]);
    await addDashboardMenus(s.db);
    expect(await grants()).toEqual(seeded);
  });

  /** The lines the activity must show: the user's sign-ins and successful document changes, newest ten. */
  async function expectedLines(username: string) {
    const id = await userId(s.db, username);
    const { rows } = await sql<{ id: string }>`
      select id from sys_log where userid = ${id}
        and (log_type = 1 or (log_type = 2 and method like '%/:area/:entity/%' and coalesce(result_code, 200) < 400))
      order by create_time desc, id desc limit 10`.execute(s.db);
    return rows.map((r) => r.id);
  }

  it("shows the user's own sign-ins and document changes, named and linked, and the pending work", async () => {
    // A change that fails is no activity.
    expect((await s.api.post('/donation/record/add', { amount: 1 }, admin)).status).toBe(400);
    const r = await s.api.get('/dashboard/workplace', admin);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const { activity, pending } = r.body.result;
    expect(pending).toEqual((await s.api.get('/dashboard/analysis', admin)).body.result.pending);
    expect(activity.map((a: any) => a.id)).toEqual(await expectedLines('admin'));
    expect(activity).toContainEqual(expect.objectContaining({ kind: 'operation', text: '新增 捐赠记录', path: '/donation/record' }));
    expect(activity.every((a: any) => /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(a.time))).toBe(true);
  });

  it("never shows another user's lines; the guest (a shared account) gets none; refused without a sign-in", async () => {
    // Newer than anything else: 张伟's own line, and one of the admin's, both signed in from elsewhere.
    const future = '2999-01-01 00:00:00';
    const line = (username: string, id: string, ip: string) => ({
      id: newId(),
      log_type: 1,
      log_content: `用户名: ${username},登录成功！`,
      operate_type: null,
      userid: id,
      username,
      ip,
      method: null,
      request_url: null,
      request_type: null,
      request_param: null,
      cost_time: null,
      create_time: future,
      tenant_id: 1,
    });
    await s.db
      .insertInto('sys_log')
      .values([line('zhangwei', await userId(s.db, 'zhangwei'), '10.1.1.1'), line('admin', await userId(s.db, 'admin'), '10.2.2.2')])
      .execute();
    const mine = (await s.api.get('/dashboard/workplace', zhangwei)).body.result.activity;
    expect(mine.map((a: any) => a.id)).toEqual(await expectedLines('zhangwei'));
    expect(mine[0]).toMatchObject({ kind: 'login', text: '登录成功', ip: '10.1.1.1', time: future });
    expect(JSON.stringify(mine)).not.toContain('10.2.2.2');
    expect((await s.api.get('/dashboard/workplace', guest)).body.result.activity).toEqual([]);
    expect((await s.api.get('/dashboard/workplace')).status).toBe(401);
  });
});
