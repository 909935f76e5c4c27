/*
 * What the bench asks the API at one database size, and the raw SQL that answers each question directly
 * (issue 21's ours/raw ratio): the list page-1 filters, the deep pages, the report months and years, and the
 * dashboard's figures. The raw queries run in the bench process on the database opened by
 * server/db/connect.ts's openDatabase (before the server is started: an embedded directory belongs to one
 * process at a time), each question p50/p95 over its runs, the same questions in the same order as the API's.
 */
import { sql } from 'kysely';

const pad = (n) => String(n).padStart(2, '0');
const lastDay = (y, m) => new Date(y, m, 0).getDate();

/** The last 12 whole calendar months before `now`'s, oldest first: { begin, end } both included. */
export function reportMonths(now = new Date()) {
  const out = [];
  for (let k = 12; k >= 1; k--) {
    const d = new Date(now.getFullYear(), now.getMonth() - k, 1);
    const y = d.getFullYear();
    const m = d.getMonth() + 1;
    out.push({ begin: `${y}-${pad(m)}-01`, end: `${y}-${pad(m)}-${pad(lastDay(y, m))}` });
  }
  return out;
}

/** Last calendar year and this one (the seeded records cover the last 18 months). */
export const reportYears = (now = new Date()) => [now.getFullYear() - 1, now.getFullYear()].map((y) => ({ begin: `${y}-01-01`, end: `${y}-12-31` }));

/** Page 1 under several filters: the API's query and the same condition in SQL. */
export function listCases(activities) {
  const [a, b = a] = activities;
  return [
    { query: '', where: sql`true` },
    { query: 'payStatus=2', where: sql`pay_status = '2'` },
    { query: `activityId=${encodeURIComponent(a)}`, where: sql`activity_id = ${a}` },
    { query: 'amount_begin=100&amount_end=300', where: sql`amount >= 100 and amount <= 300` },
    { query: 'payStatus=1', where: sql`pay_status = '1'` },
    { query: 'payMethod=3', where: sql`pay_method = '3'` },
    { query: `activityId=${encodeURIComponent(b)}&payStatus=2`, where: sql`activity_id = ${b} and pay_status = '2'` },
    { query: 'amount_begin=1000&amount_end=1500', where: sql`amount >= 1000 and amount <= 1500` },
  ];
}

/**
 * The list's order as the API sorts it (createTime descending, empty last, the id as tie-breaker) — the order
 * its sort index serves. A bare `order by create_time desc` (nulls first) matches no index: PostgreSQL sorts
 * the whole table for it (~0.7 s at 1M rows), which is not the question the list asks.
 */
const LIST_ORDER = sql`create_time desc nulls last, id desc`;

/** Pages around 5,000 (so no two reads in a row ask for the same one). */
export const deepPageNo = (i) => 4990 + ((i * 7) % 21);

const monthBucket = sql`to_char(pay_time, 'YYYY-MM')`;
const paidIn = (range) => sql`pay_status = '2' and pay_time >= ${`${range.begin} 00:00:00`} and pay_time < (${range.end}::date + 1)`;

const DIMENSIONS = [monthBucket, sql`activity_id`, sql`team_id`, sql`pay_method`, sql`donor_type`];

/** 捐赠报表 in one statement: sum, count and distinct donors per group of every dimension (or the month's alone) and in total. */
const reportSql = (range, dims = DIMENSIONS) => sql`
  select ${sql.join(dims)}, sum(amount) as amount, count(*) as n, count(distinct donor_name) as donors
  from donation_record where ${paidIn(range)}
  group by grouping sets (${sql.join([...dims.map((d) => sql`(${d})`), sql`()`])})`;

/** The dashboard's figures (services/dashboard): this year's donations, projects, pending work, logins and visits. */
async function dashboardSql(db, now) {
  const year = { begin: `${now.getFullYear()}-01-01`, end: `${now.getFullYear()}-12-31` };
  const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  await sql`select ${monthBucket} as month, activity_id, pay_method, sum(amount) as amount, count(*) as n
            from donation_record where ${paidIn(year)} group by grouping sets ((${monthBucket}), (activity_id), (pay_method), ())`.execute(db);
  await sql`select count(distinct donor_name) from donation_record where ${paidIn(year)}`.execute(db);
  await sql`select status, count(*) from project_application group by status`.execute(db);
  await sql`select a.project_name, a.approved_amount,
                   (select coalesce(sum(s.amount), 0) from project_sending s where s.project_id = a.id and s.status = '2') as disbursed
            from project_application a where a.status in ('3', '5', '6') order by a.approved_amount desc nulls last, a.id limit 8`.execute(db);
  await sql`select coalesce(sum(approved_amount), 0) from project_application where status in ('3', '5', '6')`.execute(db);
  await sql`select coalesce(sum(amount), 0) from project_sending where status = '2'`.execute(db);
  await sql`select count(*) from project_application where status = '2' union all select count(*) from help_application where status = '1'
            union all select count(*) from donation_invoice where status = '1' union all select count(*) from love_message where status = '1'`.execute(db);
  await sql`select count(*), count(*) filter (where create_time >= ${today}::date), count(distinct ip) filter (where create_time >= ${today}::date)
            from sys_log where log_type = 1`.execute(db);
  await sql`select to_char(create_time, 'YYYY-MM-DD'), count(*), count(distinct ip) from sys_log
            where log_type = 1 and create_time >= ${today}::date - 6 group by 1`.execute(db);
}

/** A few activities with records, for the filters (read before the server starts, so the API asks the same). */
export async function someActivities(db) {
  const { rows } =
    await sql`select activity_id as id from donation_record where record_no like 'SC%' group by activity_id order by count(*) desc limit 3`.execute(db);
  return rows.map((r) => r.id);
}

/**
 * The raw figures, keyed as the summary's: list (page 1 and its count under each filter in turn), deepPage,
 * month, year, yearByMonth and dashboard; { p50, p95, n } each.
 */
export async function timeRaw(db, { activities, timed, now = new Date(), runs = 20, reportRuns = 10 }) {
  const cases = listCases(activities);
  const months = reportMonths(now);
  const years = reportYears(now);
  const out = {};
  const run = async (key, n, fn) => {
    await fn(0);
    out[key] = await timed(n, fn);
  };
  await run('list', runs, async (i) => {
    const { where } = cases[i % cases.length];
    await sql`select * from donation_record where ${where} order by ${LIST_ORDER} limit 10`.execute(db);
    await sql`select count(*) from donation_record where ${where}`.execute(db);
  });
  await run('deepPage', runs, (i) => sql`select * from donation_record order by ${LIST_ORDER} limit 10 offset ${(deepPageNo(i) - 1) * 10}`.execute(db));
  await run('month', reportRuns, (i) => reportSql(months[i % months.length]).execute(db));
  await run('year', reportRuns, (i) => reportSql(years[i % years.length]).execute(db));
  await run('yearByMonth', reportRuns, (i) => reportSql(years[i % years.length], [monthBucket]).execute(db));
  await run('dashboard', reportRuns, () => dashboardSql(db, now));
  return out;
}
