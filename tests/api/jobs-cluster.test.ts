import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RUNNER } from '../../server/services/jobs/scheduler.ts';
import { ADMIN_PASSWORD, persistentStore, startServer, type TestServer } from './helpers/server.ts';

/*
 * Jobs once per tick, cluster-wide (issue 16 item 3): two servers on one database (PostgreSQL, listening
 * for notices as a deployment's processes do; on the embedded pass, one server) run an every-second job
 * once per tick in total, the run log names the process, and a pause made on one stops the timers of all
 * within 2 s.
 */

const onPostgres = !!process.env.TEST_DATABASE_URL;
let store: Awaited<ReturnType<typeof persistentStore>>;
const servers: TestServer[] = [];

beforeAll(async () => {
  store = await persistentStore();
  const env = onPostgres ? { DATABASE_URL: store.database.url } : {};
  servers.push(await startServer(env, store));
  if (onPostgres) servers.push(await startServer(env, store));
});
afterAll(async () => {
  for (const s of servers.reverse()) await s.close();
  await store?.dispose();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('runs an every-second job once per tick across the servers, and a pause on one reaches all', { timeout: 60_000 }, async () => {
  const [one, two = one] = servers;
  const db = one.db as unknown as Kysely<any>;
  const admin = await one.loginAs('admin', ADMIN_PASSWORD);
  const added = await one.api.post(
    '/system/job/add',
    { jobName: '每秒任务', cronExpression: '* * * * * *', jobHandler: 'sampleLog', parameter: 'tick' },
    admin,
  );
  const id = added.body.result.id as string;
  expect((await one.api.post(`/system/job/operation/start?id=${id}`, {}, admin)).body.success).toBe(true);

  await sleep(4500);
  // A tick is claimed before it runs and logged after: read both between ticks, when no run is in flight.
  const read = async () => ({
    logs: await db.selectFrom('quartz_job_log').select(['start_time', 'runner']).where('job_id', '=', id).execute(),
    claims: await db.selectFrom('job_run_claim').select(['due_at', 'runner']).where('job_id', '=', id).execute(),
  });
  let snapshot = await read();
  await expect.poll(async () => (snapshot = await read()).logs.length === snapshot.claims.length, { timeout: 3000, interval: 50 }).toBe(true);
  const { logs, claims } = snapshot;
  // Every claimed tick ran once; there are no more runs than ticks (each server's timer fired for each).
  expect(logs.length).toBeGreaterThanOrEqual(3);
  expect(logs.length).toBeLessThanOrEqual(8);
  expect(logs.length).toBe(claims.length);
  expect(new Set(claims.map((c) => c.due_at)).size).toBe(claims.length);
  expect(logs.every((l) => l.runner === RUNNER)).toBe(true);

  // Paused through the other server: within 2 s no server runs it any more.
  const adminTwo = await two.loginAs('admin', ADMIN_PASSWORD);
  expect((await two.api.post(`/system/job/operation/pause?id=${id}`, {}, adminTwo)).body.success).toBe(true);
  await sleep(2000);
  const settled = (await db.selectFrom('quartz_job_log').select('id').where('job_id', '=', id).execute()).length;
  await sleep(2500);
  expect((await db.selectFrom('quartz_job_log').select('id').where('job_id', '=', id).execute()).length).toBe(settled);
});
