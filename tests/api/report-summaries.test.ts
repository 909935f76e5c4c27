import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summaryTable } from '../../server/engine/read/report-summaries.ts';
import { nowText } from '../../server/lib/time.ts';
import { expectedFigures, reportedFigures } from './helpers/donation-report.ts';
import { addActivity, addDonation, addTeam, departmentDonationReader } from './helpers/schema-records.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * 捐赠报表 answered from its maintained summary (server/engine/read/report-summaries.ts): after adds, edits
 * that move a record between months and activities, a refund, a delete and parallel adds, the report
 * equals sums computed here straight from donation_record; the figures really come from the summary,
 * and a summary unknown to the database is rebuilt at sync.
 */

let s: TestServer;
let admin: string;
let a1: string;
let a2: string;

beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  a1 = await addActivity(s, admin, { activityName: '汇总一' });
  a2 = await addActivity(s, admin, { activityName: '汇总二' });
});
afterAll(() => s?.close());

const report = (token = admin) => reportedFigures(s, token, ['month', 'activity']);
/** The same figures computed here from the records (those `only` selects). */
const expected = (only = sql`true`) => expectedFigures(s, { month: sql`to_char(pay_time, 'YYYY-MM')`, activity: sql`activity_id` }, only);

const edit = async (id: string, values: Record<string, unknown>) => {
  const r = await s.api.put('/donation/record/edit', { id, ...values }, admin);
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true });
};

describe('report summaries', () => {
  it('follow adds, a move between months and activities, a refund and a delete', async () => {
    const team = await addTeam(s, admin, a1, { teamName: '汇总队' });
    const one = await addDonation(s, admin, a1, { amount: 120.5, payTime: '2024-03-05 10:00:00', donorName: '周敏', teamId: team });
    const two = await addDonation(s, admin, a1, { amount: 80, payTime: '2024-03-20 11:00:00', donorName: '吴静', payMethod: '2' });
    const three = await addDonation(s, admin, a2, { amount: 66.6, payTime: '2024-07-01 09:00:00', donorName: '周敏' });
    await addDonation(s, admin, a2, { amount: 10, payStatus: '1', payTime: null });
    let now = await report();
    expect(now).toEqual(await expected());
    expect(now.totals).toMatchObject({ amount: 267.1, count: 3, donors: 2 });
    expect(now.month['2024-03']).toEqual([200.5, 2, 2]);

    await edit(two, { payTime: '2024-08-02 08:00:00', activityId: a2 });
    now = await report();
    expect(now.month['2024-03']).toEqual([120.5, 1, 1]);
    expect(now.month['2024-08']).toEqual([80, 1, 1]);
    expect(now.activity[a2]).toEqual([146.6, 2, 2]);
    expect(now).toEqual(await expected());

    await edit(one, { payStatus: '3' });
    now = await report();
    expect(now.month['2024-03']).toBeUndefined();
    expect(now.activity[a1]).toBeUndefined();
    expect(now).toEqual(await expected());

    expect((await s.api.delete(`/donation/record/delete?id=${three}`, admin)).body).toMatchObject({ success: true });
    now = await report();
    expect(now.totals).toMatchObject({ amount: 80, count: 1, donors: 1 });
    expect(now).toEqual(await expected());
  });

  it('parallel adds to the same day and activity all count (upsert, no lost update)', async () => {
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => addDonation(s, admin, a1, { amount: 5 + i, payTime: '2024-05-05 12:00:00', donorName: `并发${i}` })),
    );
    const now = await report();
    expect(now.month['2024-05']).toEqual([126, 12, 12]);
    expect(now).toEqual(await expected());
  });

  it('answers from the summary, which is rebuilt at sync when the database does not know it', async () => {
    const model = s.ctx.runtime.registry.get('donation/record');
    const table = summaryTable(model, model.doc.reports![0]);
    await sql`update ${sql.table(table)} set n = n + 1000 where dim = 0`.execute(s.db);
    expect((await report()).totals.count).toBe(
      (await expected()).totals.count +
        1000 *
          Number(
            (await sql<any>`select count(*) as n from ${sql.table(table)} where dim = 0 and day between '2024-01-01' and '2024-12-31'`.execute(s.db)).rows[0].n,
          ),
    );
    await sql`delete from sys_meta where key = ${`report_summary:${table}`}`.execute(s.db);
    await s.ctx.runtime.reload();
    expect(await report()).toEqual(await expected());
  });

  it('a reader of one tenant with a 本部门 rule on 捐赠记录 is answered from the summary, over their own rows only', async () => {
    const model = s.ctx.runtime.registry.get('donation/record');
    const table = summaryTable(model, model.doc.reports![0]);
    const rebuild = async () => {
      await sql`delete from sys_meta where key = ${`report_summary:${table}`}`.execute(s.db);
      await s.ctx.runtime.reload();
    };
    // One paid 2024 donation moves to another department, one to another tenant.
    const org = (await s.db.selectFrom('sys_user').select('org_code').where('username', '=', 'admin').executeTakeFirstOrThrow()).org_code!;
    const paid = (
      await sql<{
        id: string;
      }>`select id from donation_record where pay_status = '2' and pay_time >= '2024-01-01' and pay_time < '2025-01-01' order by id`.execute(s.db)
    ).rows;
    expect(paid.length).toBeGreaterThanOrEqual(3);
    await s.db.insertInto('sys_tenant').values({ id: 2, name: '分会', status: 1, create_time: nowText() }).execute();
    await sql`update donation_record set sys_org_code = 'A01A99' where id = ${paid[0].id}`.execute(s.db);
    await sql`update donation_record set tenant_id = 2 where id = ${paid[1].id}`.execute(s.db);
    await rebuild();

    const reader = await departmentDonationReader(s, admin, { username: 'deptreader', realname: '部门读者', roleCode: 'dept_report' });

    const own = sql`tenant_id in (0, 1) and sys_org_code = ${org}`;
    const seen = await report(reader);
    expect(seen).toEqual(await expected(own));
    expect(seen.totals.count).toBe((await expected()).totals.count - 2);
    expect(await report()).toEqual(await expected(sql`tenant_id in (0, 1)`));

    // The figures are the summary's: a change to the reader's own summary rows shows, one to others' does not.
    await sql`update ${sql.table(table)} set n = n + 1000 where dim = 0 and sys_org_code = 'A01A99'`.execute(s.db);
    expect((await report(reader)).totals.count).toBe(seen.totals.count);
    await sql`update ${sql.table(table)} set n = n + 1000 where dim = 0 and sys_org_code = ${org} and tenant_id = 1`.execute(s.db);
    expect((await report(reader)).totals.count).toBeGreaterThan(seen.totals.count + 999);
    await rebuild();
    expect(await report(reader)).toEqual(await expected(own));
  });
});
