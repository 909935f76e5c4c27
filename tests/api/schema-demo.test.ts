import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDonationDemo } from '../../server/db/demo/donation.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/* The demo donations a first start writes: realistic, consistent with the roll-up rules, written once. */

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startServer({ DEMO_DATA: 'true' });
  token = await s.loginAs('admin', ADMIN_PASSWORD);
});
afterAll(() => s?.close());

const count = async (table: string) => Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(s.db)).rows[0].n);

describe('demo donations', () => {
  it('has 6–8 activities, 2–4 teams for each active one and about 300 records over the last 18 months', async () => {
    expect(await count('donation_activity')).toBeGreaterThanOrEqual(6);
    expect(await count('donation_activity')).toBeLessThanOrEqual(8);
    const teams = await sql<{ activity_id: string; n: number }>`select activity_id, count(*) as n from donation_team group by activity_id`.execute(s.db);
    for (const t of teams.rows) expect(Number(t.n)).toBeGreaterThanOrEqual(2);
    expect(await count('donation_record')).toBe(300);
    const span = await sql<{
      oldest: string;
      paid: number;
    }>`select min(pay_time) as oldest, count(*) filter (where pay_status = '2') as paid from donation_record`.execute(s.db);
    expect(new Date(span.rows[0].oldest.replace(' ', 'T')).getTime()).toBeGreaterThan(Date.now() - 19 * 31 * 86400_000);
    expect(Number(span.rows[0].paid)).toBeGreaterThan(200);
  });

  it('rolls up into each activity and team exactly what its paid records add to', async () => {
    const activities = await sql<{ raised_amount: number; donor_count: number; sum: number; n: number }>`
      select a.raised_amount, a.donor_count, coalesce(sum(r.amount) filter (where r.pay_status = '2'), 0) as sum, count(r.id) filter (where r.pay_status = '2') as n
      from donation_activity a left join donation_record r on r.activity_id = a.id group by a.id`.execute(s.db);
    for (const a of activities.rows) expect([Number(a.raised_amount), Number(a.donor_count)]).toEqual([Number(a.sum), Number(a.n)]);
    const teams = await sql<{ raised_amount: number; member_count: number; sum: number; n: number }>`
      select t.raised_amount, t.member_count, coalesce(sum(r.amount) filter (where r.pay_status = '2'), 0) as sum, count(distinct r.donor_name) filter (where r.pay_status = '2') as n
      from donation_team t left join donation_record r on r.team_id = t.id group by t.id`.execute(s.db);
    for (const t of teams.rows) expect([Number(t.raised_amount), Number(t.member_count)]).toEqual([Number(t.sum), Number(t.n)]);
  });

  it('gives every record a generated code of the day it was made, and logs every write', async () => {
    const { records } = (await s.api.get('/donation/record/list?pageSize=5&column=createTime&order=asc', token)).body.result;
    for (const r of records) expect(r.recordNo).toBe(`JZ${r.createTime.slice(0, 10).replace(/-/g, '')}${r.recordNo.slice(-4)}`);
    expect(await count('sys_data_log')).toBeGreaterThanOrEqual(300);
  });

  it('dates nothing in the future: an activity that starts next month was entered before today', async () => {
    const latest = await sql<{
      log: string;
      activity: string;
    }>`select (select max(create_time) from sys_data_log) as log, (select max(create_time) from donation_activity) as activity`.execute(s.db);
    for (const at of Object.values(latest.rows[0])) expect(new Date(String(at).replace(' ', 'T')).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('is written once: seeding again changes nothing', async () => {
    expect(await seedDonationDemo(s.ctx)).toBe(false);
    expect(await count('donation_record')).toBe(300);
  });
});
