import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distinctTable, summaryTable, YEAR_DIM } from '../../server/engine/read/report-summaries.ts';
import { nowText } from '../../server/lib/time.ts';
import { addActivity, addDonation, addTeam, departmentDonationReader } from './helpers/schema-records.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * 捐赠人数 (a countDistinct measure) answered from the report's maintained distinct-count companion
 * (server/engine/read/report-summaries.ts, rdst_…): over a month, a year, ranges not aligned with months,
 * per group of every dimension, the report equals count(distinct donor_name) computed here straight from
 * donation_record — after adds, edits of the donor, the date and the group, a refund, deletes, an import,
 * parallel adds; for a tenant-limited and a 本部门-limited reader; and after a rebuild.
 */

let s: TestServer;
let admin: string;
let a1: string;
let a2: string;
let team: string;

const RANGES = [
  ['2024-03-01', '2024-03-31'], // a month
  ['2024-01-01', '2024-12-31'], // a year
  ['2024-02-10', '2024-09-15'], // partial months at both ends
  ['2024-03-04', '2024-03-20'], // inside one month
  ['2024-03-01', '2024-07-05'], // whole months, then a partial one
  ['2023-11-15', '2025-02-10'], // a whole year (its year rows) between whole months and partial ones
  ['2024-01-01', '2025-03-31'], // a whole year, then whole months
] as const;

/** Each dimension's group expression, as the report groups (null: no value). */
const DIMENSIONS = {
  month: sql`to_char(pay_time, 'YYYY-MM')`,
  activity: sql`activity_id`,
  team: sql`team_id`,
  payMethod: sql`pay_method`,
  donorType: sql`donor_type`,
} as const;

beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  a1 = await addActivity(s, admin, { activityName: '人数一' });
  a2 = await addActivity(s, admin, { activityName: '人数二' });
  team = await addTeam(s, admin, a1, { teamName: '人数队' });
});
afterAll(() => s?.close());

/** The report's distinct donors over a range: the total and, per dimension, per group (groups with records). */
async function donors([begin, end]: readonly [string, string], token = admin) {
  const r = await s.api.get(`/donation/record/report/summary?begin=${begin}&end=${end}`, token);
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true });
  const groups = Object.fromEntries(
    Object.keys(DIMENSIONS).map((key) => [
      key,
      Object.fromEntries(
        r.body.result.groups
          .find((g: any) => g.key === key)
          .rows.filter((row: any) => row.count > 0)
          .map((row: any) => [String(row.value), row.donors]),
      ),
    ]),
  );
  return { total: r.body.result.totals.donors, ...groups };
}

/** The same counted here from the records (`only` narrows them to a reader's rows). */
async function expected([begin, end]: readonly [string, string], only = sql`true`) {
  const paid = sql`pay_status = '2' and pay_time >= ${begin} and pay_time < cast(${end} as date) + 1 and ${only}`;
  const { rows } = await sql<any>`select count(distinct donor_name) as d from donation_record where ${paid}`.execute(s.db);
  const groups: Record<string, Record<string, number>> = {};
  for (const [key, expr] of Object.entries(DIMENSIONS)) {
    const grouped = await sql<any>`select ${expr} as g, count(distinct donor_name) as d from donation_record where ${paid} group by 1`.execute(s.db);
    groups[key] = Object.fromEntries(grouped.rows.map((g: any) => [String(g.g), Number(g.d)]));
  }
  return { total: Number(rows[0].d), ...groups };
}

/** Every range agrees with the records. */
async function allAgree(token = admin, only = sql`true`) {
  for (const range of RANGES) expect(await donors(range, token), range.join('..')).toEqual(await expected(range, only));
}

const edit = async (id: string, values: Record<string, unknown>) => {
  const r = await s.api.put('/donation/record/edit', { id, ...values }, admin);
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true });
};

const model = () => s.ctx.runtime.registry.get('donation/record');
const companion = () => distinctTable(model(), model().doc.reports![0]);
const rebuild = async () => {
  await sql`delete from sys_meta where key = ${`report_summary:${summaryTable(model(), model().doc.reports![0])}`}`.execute(s.db);
  await s.ctx.runtime.reload();
};
const emptyRows = async () => Number((await sql<any>`select count(*) as n from ${sql.table(companion())} where n <= 0`.execute(s.db)).rows[0].n);

describe('distinct counts from the maintained companion', () => {
  const ids: string[] = [];

  it('follow adds, edits of the donor, the date and the group, a refund and deletes', async () => {
    const add = async (values: Record<string, unknown>, activity = a1) => {
      const id = await addDonation(s, admin, activity, values);
      ids.push(id);
      return id;
    };
    await add({ donorName: '周敏', payTime: '2024-03-05 10:00:00', teamId: team });
    await add({ donorName: '周敏', payTime: '2024-03-18 10:00:00' });
    await add({ donorName: '吴静', payTime: '2024-03-20 11:00:00', payMethod: '2' });
    await add({ donorName: '吴静', payTime: '2024-02-09 11:00:00' });
    await add({ donorName: '郑强', payTime: '2024-02-12 09:00:00', donorType: '2' }, a2);
    await add({ donorName: '王芳', payTime: '2024-07-04 09:00:00' }, a2);
    await add({ donorName: '王芳', payTime: '2024-09-16 09:00:00', payMethod: '3' }, a2);
    await add({ donorName: '李娜', payTime: '2024-12-31 23:00:00' });
    await add({ donorName: '未付', payStatus: '1', payTime: null });
    await allAgree();
    expect((await donors(RANGES[0])).total).toBe(2);
    expect((await donors(RANGES[1])).total).toBe(5);

    await edit(ids[1], { donorName: '赵磊' }); // the donor
    await allAgree();
    await edit(ids[2], { payTime: '2024-08-02 08:00:00' }); // the date, to another month
    await allAgree();
    await edit(ids[3], { payTime: '2024-02-11 08:00:00' }); // the date, into the partial month's days
    await allAgree();
    await edit(ids[0], { activityId: a2, teamId: null, payMethod: '4' }); // the groups
    await allAgree();
    await edit(ids[4], { payStatus: '3' }); // a refund leaves the report
    await allAgree();
    expect((await s.api.delete(`/donation/record/delete?id=${ids[5]}`, admin)).body).toMatchObject({ success: true });
    await allAgree();
    expect(await emptyRows()).toBe(0);
  });

  it('follow a batch delete and an import of the same records', async () => {
    const exported = (await s.api.download(`/donation/record/exportXls?selections=${ids[6]},${ids[7]}`, admin)).bytes;
    expect((await s.api.delete(`/donation/record/deleteBatch?ids=${ids[6]},${ids[7]}`, admin)).body).toMatchObject({ success: true });
    await allAgree();
    expect((await donors(RANGES[1])).total).toBe(3);
    const r = await s.api.upload('/donation/record/importExcel', exported, '捐赠记录.xlsx', admin);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true });
    await allAgree();
    expect((await donors(RANGES[1])).total).toBe(5);
    expect(await emptyRows()).toBe(0);
  });

  it('parallel adds of one donor all count, and removing all but one keeps them counted once', async () => {
    const added = await Promise.all(
      Array.from({ length: 8 }, (_, i) => addDonation(s, admin, a1, { amount: 5 + i, payTime: '2024-05-05 12:00:00', donorName: '并发同名' })),
    );
    await allAgree();
    const { rows } = await sql<any>`select max(n) as n from ${sql.table(companion())} where v = '并发同名'`.execute(s.db);
    expect(Number(rows[0].n)).toBe(8);
    expect((await s.api.delete(`/donation/record/deleteBatch?ids=${added.slice(1).join(',')}`, admin)).body).toMatchObject({ success: true });
    await allAgree();
    const after = await sql<any>`select max(n) as n from ${sql.table(companion())} where v = '并发同名'`.execute(s.db);
    expect(Number(after.rows[0].n)).toBe(1);
  });

  it('answers from the companion, which a changed definition rebuilds at sync', async () => {
    // A donor only the companion knows, in a whole month (its month row) and in a whole year (its year row):
    // the counts of ranges holding them show it.
    await sql`insert into ${sql.table(companion())} (m, dim, month, value_key, tenant_id, sys_org_code, create_by, v, n)
              values (2, 0, '2024-04-01', '=2024-04', 0, '', '', '只在汇总里', 1),
                     (2, ${YEAR_DIM}, '2024-01-01', '=2024-04', 0, '', '', '只在汇总里', 1)`.execute(s.db);
    expect((await donors(RANGES[4])).total).toBe((await expected(RANGES[4])).total + 1);
    expect((await donors(RANGES[1])).total).toBe((await expected(RANGES[1])).total + 1);
    // What sync compares a definition with (its fingerprint) no longer matches: both tables are rebuilt.
    const key = `report_summary:${summaryTable(model(), model().doc.reports![0])}`;
    await sql`update sys_meta set value = 'an older definition' where key = ${key}`.execute(s.db);
    await s.ctx.runtime.reload();
    await allAgree();
    const { rows } = await sql<any>`select count(*) as n from ${sql.table(companion())} where v = '只在汇总里'`.execute(s.db);
    expect(Number(rows[0].n)).toBe(0);
  });

  it('a reader of one tenant with a 本部门 rule counts their own rows only, from the companion', async () => {
    const org = (await s.db.selectFrom('sys_user').select('org_code').where('username', '=', 'admin').executeTakeFirstOrThrow()).org_code!;
    // One paid donor's record moves to another department, another's to another tenant.
    await addDonation(s, admin, a1, { donorName: '别部门', payTime: '2024-06-06 10:00:00' });
    await addDonation(s, admin, a1, { donorName: '别部门', payTime: '2024-02-20 10:00:00' });
    await addDonation(s, admin, a1, { donorName: '别租户', payTime: '2024-06-07 10:00:00' });
    await s.db.insertInto('sys_tenant').values({ id: 2, name: '分会', status: 1, create_time: nowText() }).execute();
    await sql`update donation_record set sys_org_code = 'A01A99' where donor_name = '别部门'`.execute(s.db);
    await sql`update donation_record set tenant_id = 2 where donor_name = '别租户'`.execute(s.db);
    await rebuild();

    const reader = await departmentDonationReader(s, admin, { username: 'deptdonors', realname: '部门人数', roleCode: 'dept_donors' });

    await allAgree(reader, sql`tenant_id in (0, 1) and sys_org_code = ${org}`);
    await allAgree(admin, sql`tenant_id in (0, 1)`);
    expect((await donors(RANGES[1], reader)).total).toBe((await donors(RANGES[1])).total - 1);

    // The reader's figures are the companion's: a donor added to another department's rows does not show, one to theirs does.
    const fake = (org_code: string, v: string) =>
      sql`insert into ${sql.table(companion())} (m, dim, month, value_key, tenant_id, sys_org_code, create_by, v, n)
          values (2, 0, '2024-04-01', '=2024-04', 1, ${org_code}, 'admin', ${v}, 1),
                 (2, ${YEAR_DIM}, '2024-01-01', '=2024-04', 1, ${org_code}, 'admin', ${v}, 1)`.execute(s.db);
    const seen = (await donors(RANGES[1], reader)).total;
    await fake('A01A99', '别人的');
    expect((await donors(RANGES[1], reader)).total).toBe(seen);
    await fake(org, '自己的');
    expect((await donors(RANGES[1], reader)).total).toBe(seen + 1);
    await rebuild();
    await allAgree(reader, sql`tenant_id in (0, 1) and sys_org_code = ${org}`);
  });
});
