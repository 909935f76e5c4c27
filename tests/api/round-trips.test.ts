import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundTripsOf, steadyRoundTrips } from './helpers/round-trips.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * The statement budget (issue 14 item 3, issue 21): in steady state a list request sends at most 3 round trips to
 * the database — every statement and every piece of transaction control — because sign-in and grants
 * come from the grant cache; a change to grants drops the cache at once.
 */

let s: TestServer;
let admin: string;
let zhangwei: string;

beforeAll(async () => {
  s = await startServer({ COUNT_ROUND_TRIPS: 'true' });
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  zhangwei = await s.loginAs('zhangwei', ADMIN_PASSWORD);
});
afterAll(() => s?.close());

describe('round trips per request', () => {
  it('a steady-state list request of a department-scoped user sends at most 3', async () => {
    const warm = await s.api.get('/donation/record/list?pageNo=1&pageSize=10', zhangwei);
    expect(warm.body.success).toBe(true);
    const steady = await steadyRoundTrips(s, '/donation/record/list?pageNo=2&pageSize=10', zhangwei, 3);
    console.log('round trips', roundTripsOf(warm), steady);
    expect(steady).toBeGreaterThan(0);
  });

  it('a list page naming several kinds of referenced records (activities, teams) reads all their labels in one', async () => {
    const made = await s.api.post('/donation/activity/add', { activityName: '往返测试活动', category: '1', status: '1' }, admin);
    expect(made.body.success, made.body.message).toBe(true);
    const activity = { id: made.body.result.id };
    const added = await s.api.post('/donation/team/add', { teamName: '往返测试团队', activityId: activity.id, status: '1' }, admin);
    expect(added.body.success, added.body.message).toBe(true);
    const team = { id: added.body.result.id, teamName: '往返测试团队' };
    for (const donorName of ['往返甲', '往返乙']) {
      const r = await s.api.post(
        '/donation/record/add',
        { donorType: '1', donorName, activityId: activity.id, teamId: team.id, amount: 10, payMethod: '1', payStatus: '1' },
        admin,
      );
      expect(r.body.success, r.body.message).toBe(true);
    }
    // The newest rows (the two just added) first; unfiltered, so the total is the maintained counter.
    const path = '/donation/record/list?pageNo=1&pageSize=2&column=createTime&order=desc';
    const page = (await s.api.get(path, admin)).body.result.records as Record<string, unknown>[];
    // Rows naming both an activity and a team; without them the test would prove nothing.
    expect(page.length).toBeGreaterThan(0);
    expect(page.every((r) => r.activityId_dictText && r.teamId_dictText === team.teamName)).toBe(true);
    expect(await steadyRoundTrips(s, path, admin, 3)).toBeGreaterThan(0);
    // Filtered to a few rows: the planner's estimate, then the page with its exact count riding along, then the labels.
    const filtered = `/donation/record/list?pageNo=1&pageSize=10&teamId=${team.id}`;
    const answer = (await s.api.get(filtered, admin)).body.result;
    expect(answer).toMatchObject({ total: 2, pages: 1 });
    expect(answer.records.map((r: Record<string, unknown>) => r.donorName).sort()).toEqual(['往返乙', '往返甲'].sort());
    expect(await steadyRoundTrips(s, filtered, admin, 3)).toBeGreaterThan(0);
    // A page past the last still knows the total.
    expect((await s.api.get(`/donation/record/list?pageNo=5&pageSize=10&teamId=${team.id}`, admin)).body.result).toMatchObject({ total: 2, records: [] });
  });
});

describe('round trips of the figures (issue 21: report ≤ 5, dashboard ≤ 10)', () => {
  /** A request's round trips once the grant cache is warm, within its budget. */
  const steadyTrips = (path: string, token: string) => steadyRoundTrips(s, path, token, path.startsWith('/dashboard') ? 10 : 5);

  it('a year of the donation report — totals, every dimension, distinct donors — sends at most 5, for the admin and a department-scoped user', async () => {
    for (const token of [admin, zhangwei])
      expect(await steadyTrips('/donation/record/report/summary?begin=2025-01-01&end=2025-12-31', token)).toBeGreaterThan(0);
  });

  it('the analysis dashboard sends at most 10, for the admin (every pending list) and a department-scoped user', async () => {
    for (const token of [admin, zhangwei]) expect(await steadyTrips('/dashboard/analysis', token)).toBeGreaterThan(0);
  });
});

describe('the grant cache', () => {
  it('a user frozen through the API is refused at their very next request, and welcome again once unfrozen', async () => {
    expect((await s.api.get('/donation/record/list', zhangwei)).body.success).toBe(true);
    const id = (await s.db.selectFrom('sys_user').select('id').where('username', '=', 'zhangwei').executeTakeFirstOrThrow()).id;
    expect((await s.api.put('/sys/user/frozenBatch', { ids: id, status: 2 }, admin)).body.success).toBe(true);
    expect((await s.api.get('/donation/record/list', zhangwei)).body).toMatchObject({ success: false, message: '该用户已冻结' });
    expect((await s.api.put('/sys/user/frozenBatch', { ids: id, status: 1 }, admin)).body.success).toBe(true);
    expect((await s.api.get('/donation/record/list', zhangwei)).body.success).toBe(true);
  });

  it('a role taken away (by any code path) takes its screens with it at once', async () => {
    const user = await s.db.selectFrom('sys_user').select('id').where('username', '=', 'zhangwei').executeTakeFirstOrThrow();
    const roles = await s.db.selectFrom('sys_user_role').selectAll().where('user_id', '=', user.id).execute();
    expect((await s.api.get('/donation/record/list', zhangwei)).body.success).toBe(true);
    await s.db.deleteFrom('sys_user_role').where('user_id', '=', user.id).execute();
    const refused = await s.api.get('/donation/record/list', zhangwei);
    expect(refused.status).toBe(403);
    await s.db.insertInto('sys_user_role').values(roles).execute();
    expect((await s.api.get('/donation/record/list', zhangwei)).body.success).toBe(true);
  });

  it('a signed-out token is refused at once', async () => {
    const token = await s.loginAs('lina', ADMIN_PASSWORD);
    expect((await s.api.get('/sys/permission/getUserPermissionByToken', token)).status).toBe(200);
    expect((await s.api.post('/sys/logout', {}, token)).body.success).toBe(true);
    expect((await s.api.get('/sys/permission/getUserPermissionByToken', token)).status).toBe(500);
  });
});
