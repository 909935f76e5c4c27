import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nowText } from '../../server/lib/time.ts';
import { addActivity, addDonation, addRecord } from './helpers/schema-records.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * Reports and the dashboard count only what the reader may see (issue 14): a paid donation of another
 * tenant is in the maintained summaries, but a user of tenant 1 gets totals from their own rows; the
 * pending work counts only their tenant's applications.
 */

let s: TestServer;
let admin: string;
const year = new Date().getFullYear();
const payTime = `${year}-${String(new Date().getMonth() + 1).padStart(2, '0')}-01 10:00:00`;

beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  const activity = await addActivity(s, admin, { activityName: '报表范围活动' });
  await addDonation(s, admin, activity, { amount: 100, payTime: payTime });
  const foreign = await addDonation(s, admin, activity, { amount: 7, payTime: payTime });
  const help = await addRecord(s, admin, 'help/application', {
    applicantName: '外租户申请人',
    gender: '1',
    idCard: '530102200901015555',
    school: '某校',
    hardshipType: '1',
    applyAmount: 1000,
  });
  await s.db.insertInto('sys_tenant').values({ id: 2, name: '另一个租户', status: 1, create_time: nowText() }).execute();
  await sql`update donation_record set tenant_id = 2 where id = ${foreign}`.execute(s.db);
  await sql`update help_application set tenant_id = 2 where id = ${help}`.execute(s.db);
  // The moves went past the writer: the report summaries (which keep each row's tenant) are rebuilt.
  await sql`delete from sys_meta where key like 'report_summary:%'`.execute(s.db);
  await s.ctx.runtime.reload();
});
afterAll(() => s?.close());

it('the donation report and the dashboard leave out rows of other tenants', async () => {
  const report = await s.api.get(`/donation/record/report/summary?begin=${year}-01-01&end=${year}-12-31`, admin);
  expect(report.body.success, JSON.stringify(report.body)).toBe(true);
  expect(report.body.result.totals).toMatchObject({ amount: 100, count: 1 });
  const months = report.body.result.groups.find((g: { key: string }) => g.key === 'month').rows;
  expect(months.reduce((sum: number, r: { amount: number }) => sum + r.amount, 0)).toBe(100);

  const dashboard = await s.api.get('/dashboard/analysis', admin);
  expect(dashboard.body.result.donations).toMatchObject({ amount: 100, count: 1 });
  // The pending help application is another tenant's: not this user's work.
  expect(dashboard.body.result.pending.find((p: { key: string }) => p.key === 'help').count).toBe(0);
});
