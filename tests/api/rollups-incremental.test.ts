import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addActivity, addDonation, addTeam, row } from './helpers/schema-records.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * Roll-ups kept by deltas (server/engine/write/aggregates.ts): after every kind of write the activity's and
 * team's totals equal what a full recompute over donation_record gives, and a rule new to the database
 * recomputes its targets once at sync.
 */

let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
});
afterAll(() => s?.close());

async function totals(activityId: string) {
  const a = await row(s, 'donation_activity', activityId);
  return { raised: Number(a!.raised_amount), count: Number(a!.donor_count) };
}

/** The totals worked out here from the rows, independently of the runtime. */
async function recomputed(activityId: string) {
  const { rows } = await sql<{ raised: string; count: string }>`
    select coalesce(sum(amount), 0) as raised, count(*) as count from donation_record where activity_id = ${activityId} and pay_status = '2'`.execute(s.db);
  return { raised: Number(rows[0].raised), count: Number(rows[0].count) };
}

const edit = async (id: string, values: Record<string, unknown>) => {
  const r = await s.api.put('/donation/record/edit', { id, ...values }, admin);
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true });
};

describe('incremental roll-ups', () => {
  it('follow adds, amount edits, a move between activities, a refund and a delete', async () => {
    const a = await addActivity(s, admin, { activityName: '增量一' });
    const b = await addActivity(s, admin, { activityName: '增量二' });
    const team = await addTeam(s, admin, a, { teamName: '增量队' });
    const paid = await addDonation(s, admin, a, { amount: 100, teamId: team, donorName: '王芳' });
    const pending = await addDonation(s, admin, a, { amount: 50, payStatus: '1', payTime: null, teamId: team, donorName: '王芳' });
    expect(await totals(a)).toEqual({ raised: 100, count: 1 });

    await edit(pending, { payStatus: '2', payTime: '2025-03-02 10:00:00' });
    expect(await totals(a)).toEqual({ raised: 150, count: 2 });
    expect(Number((await row(s, 'donation_team', team))!.member_count)).toBe(1);

    await edit(paid, { amount: 80.55, donorName: '李强' });
    expect(await totals(a)).toEqual({ raised: 130.55, count: 2 });
    expect(Number((await row(s, 'donation_team', team))!.member_count)).toBe(2);
    expect(Number((await row(s, 'donation_team', team))!.raised_amount)).toBe(130.55);

    await edit(paid, { activityId: b, teamId: null });
    expect(await totals(a)).toEqual({ raised: 50, count: 1 });
    expect(await totals(b)).toEqual({ raised: 80.55, count: 1 });
    expect(Number((await row(s, 'donation_team', team))!.raised_amount)).toBe(50);

    await edit(paid, { payStatus: '3' });
    expect(await totals(b)).toEqual({ raised: 0, count: 0 });

    const r = await s.api.delete(`/donation/record/delete?id=${pending}`, admin);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true });
    expect(await totals(a)).toEqual({ raised: 0, count: 0 });
    expect(await totals(a)).toEqual(await recomputed(a));
    expect(await totals(b)).toEqual(await recomputed(b));
  });

  it('a team’s 成员数 (distinct donors, kept by delta) equals a count from the rows after every kind of write', async () => {
    const a = await addActivity(s, admin, { activityName: '成员' });
    const t1 = await addTeam(s, admin, a, { teamName: '成员一队' });
    const t2 = await addTeam(s, admin, a, { teamName: '成员二队' });
    const members = async (team: string) => Number((await row(s, 'donation_team', team))!.member_count);
    const counted = async (team: string) =>
      Number(
        (await sql<{ n: string }>`select count(distinct donor_name) as n from donation_record where team_id = ${team} and pay_status = '2'`.execute(s.db))
          .rows[0].n,
      );
    const agree = async () => {
      for (const team of [t1, t2]) expect(await members(team), team).toBe(await counted(team));
    };
    const x1 = await addDonation(s, admin, a, { teamId: t1, donorName: '甲' });
    const x2 = await addDonation(s, admin, a, { teamId: t1, donorName: '甲' }); // the same donor again: still one
    const x3 = await addDonation(s, admin, a, { teamId: t1, donorName: '乙' });
    expect(await members(t1)).toBe(2);
    await agree();
    await edit(x3, { donorName: '甲' }); // renamed into a donor already there: 乙 leaves
    expect(await members(t1)).toBe(1);
    await edit(x1, { teamId: t2 }); // moved: 甲 stays in t1 (x2), arrives in t2
    await agree();
    await edit(x2, { payStatus: '3' }); // refunded: no longer counted
    await agree();
    expect((await s.api.delete(`/donation/record/delete?id=${x3}`, admin)).body.success).toBe(true); // t1's last 甲
    expect(await members(t1)).toBe(0);
    await agree();
    // Parallel adds of one new donor and of distinct ones: each counted once.
    await Promise.all([
      ...Array.from({ length: 6 }, () => addDonation(s, admin, a, { teamId: t2, donorName: '丙' })),
      ...Array.from({ length: 4 }, (_, i) => addDonation(s, admin, a, { teamId: t2, donorName: `丁${i}` })),
    ]);
    expect(await members(t2)).toBe(1 + 1 + 4);
    await agree();
    // A batch delete of all but one of 丙's rows keeps 丙; of the rest, takes 丙 out.
    const { rows } = await sql<{ id: string }>`select id from donation_record where team_id = ${t2} and donor_name = '丙'`.execute(s.db);
    const ids = rows.map((r) => r.id);
    expect((await s.api.delete(`/donation/record/deleteBatch?ids=${ids.slice(1).join(',')}`, admin)).body.success).toBe(true);
    expect(await members(t2)).toBe(6);
    expect((await s.api.delete(`/donation/record/deleteBatch?ids=${ids[0]}`, admin)).body.success).toBe(true);
    expect(await members(t2)).toBe(5);
    await agree();
  });

  it('twenty parallel paid donations to one activity all count (no lost update)', async () => {
    const a = await addActivity(s, admin, { activityName: '并发' });
    await Promise.all(Array.from({ length: 20 }, (_, i) => addDonation(s, admin, a, { amount: 10 + i / 100 })));
    expect(await totals(a)).toEqual({ raised: 201.9, count: 20 });
    expect(await totals(a)).toEqual(await recomputed(a));
  });

  it('a rule new to the database recomputes its targets at sync; a plain reload does not scan', async () => {
    const a = await addActivity(s, admin, { activityName: '同步' });
    await addDonation(s, admin, a, { amount: 70 });
    await sql`update donation_activity set raised_amount = 999, donor_count = 9 where id = ${a}`.execute(s.db);
    await s.ctx.runtime.reload();
    expect(await totals(a)).toEqual({ raised: 999, count: 9 });
    // As if the rules had just been declared: sys_meta no longer knows them.
    await sql`delete from sys_meta where key = 'rollup_rules'`.execute(s.db);
    await s.ctx.runtime.reload();
    expect(await totals(a)).toEqual({ raised: 70, count: 1 });
  });
});
