import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addRecord, row } from './helpers/schema-records.ts';
import { ADMIN_PASSWORD, persistentStore, startServer, type TestServer } from './helpers/server.ts';
import { approve, instanceOf, myTask, timerProcessXml } from './helpers/workflow.ts';

/*
 * Workflow state lives in the database, not in a process (issue 18): an instance stopped mid-process by a
 * restart continues on the next start, a timer that fell due while no server ran fires after the restart,
 * and a timer fires once however many server processes poll for it
 * (on PostgreSQL two servers share the database; on the embedded pass, one, as only one process may own
 * its data directory).
 */

const onPostgres = !!process.env.TEST_DATABASE_URL;
const APP = 'project/application';
let store: Awaited<ReturnType<typeof persistentStore>>;
let servers: TestServer[] = [];

async function startAll(): Promise<void> {
  const env = { WORKFLOW_TIMER_MS: '200', ...(onPostgres ? { DATABASE_URL: store.database.url } : {}) };
  servers = [await startServer(env, store)];
  if (onPostgres) servers.push(await startServer(env, store));
}
async function stopAll(): Promise<void> {
  for (const s of servers.reverse()) await s.close();
  servers = [];
}

beforeAll(async () => {
  store = await persistentStore();
  await startAll();
});
afterAll(async () => {
  await stopAll();
  await store?.dispose();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('an instance half-way through continues after a restart', { timeout: 120_000 }, async () => {
  let [s] = servers;
  const lina = await s.loginAs('lina', ADMIN_PASSWORD);
  const id = await addRecord(s, lina, APP, { projectName: '重启续办项目', projectType: '1', school: '某校', contact: '某人', applyAmount: 250000 });
  expect((await s.api.post(`/${APP}/transition`, { id, to: '2' }, lina)).body.success).toBe(true);
  await approve(s, await s.loginAs('wangfang', ADMIN_PASSWORD), APP, id, { approvedAmount: 200000 });

  await stopAll();
  await startAll();
  [s] = servers;
  const admin = await s.loginAs('admin', ADMIN_PASSWORD);
  expect((await myTask(s, admin, APP, id)).nodeName).toBe('主任复核');
  await approve(s, admin, APP, id, {}, '同意');
  expect(await row(s, 'project_application', id)).toMatchObject({ status: '3' });
  expect((await instanceOf(s, APP, id)).status).toBe('approved');
});

it('a due timer fires once across the servers sharing the database', { timeout: 60_000 }, async () => {
  const [one, two = one] = servers;
  const admin = await one.loginAs('admin', ADMIN_PASSWORD);
  const xml = timerProcessXml('PT1S');
  expect((await one.api.post('/workflow/process/deploy', { xml }, admin)).body.success).toBe(true);
  const lina = await two.loginAs('lina', ADMIN_PASSWORD);
  const id = await addRecord(two, lina, APP, { projectName: '定时项目', projectType: '1', school: '某校', contact: '某人', applyAmount: 1000 });
  expect((await two.api.post(`/${APP}/transition`, { id, to: '2' }, lina)).body.success).toBe(true);
  const instance = await instanceOf(one, APP, id);

  const db = one.db as unknown as Kysely<any>;
  await expect
    .poll(async () => (await db.selectFrom('wf_task').select('id').where('instance_id', '=', instance.id).execute()).length, { timeout: 10_000 })
    .toBe(1);
  await sleep(1000); // every server has polled several times since
  expect(await db.selectFrom('wf_task').select('node_id').where('instance_id', '=', instance.id).execute()).toEqual([{ node_id: 'check' }]);
  const timers = await db.selectFrom('wf_timer').select(['fired_by']).where('instance_id', '=', instance.id).execute();
  expect(timers).toHaveLength(1);
  expect(timers[0].fired_by).toBeTruthy();
  expect((await db.selectFrom('wf_event').select('action').where('instance_id', '=', instance.id).where('action', '=', 'timer').execute()).length).toBe(1);
});

it('a timer that fell due while the servers were down fires once after the restart', { timeout: 120_000 }, async () => {
  let [s] = servers;
  const admin = await s.loginAs('admin', ADMIN_PASSWORD);
  expect((await s.api.post('/workflow/process/deploy', { xml: timerProcessXml('PT3S') }, admin)).body.success).toBe(true);
  const lina = await s.loginAs('lina', ADMIN_PASSWORD);
  const id = await addRecord(s, lina, APP, { projectName: '停机定时项目', projectType: '1', school: '某校', contact: '某人', applyAmount: 1000 });
  expect((await s.api.post(`/${APP}/transition`, { id, to: '2' }, lina)).body.success).toBe(true);
  const instance = await instanceOf(s, APP, id);
  const timerOf = async (db: Kysely<any>) => db.selectFrom('wf_timer').select(['fired_by', 'due_time']).where('instance_id', '=', instance.id).execute();
  expect(await timerOf(s.db as unknown as Kysely<any>)).toMatchObject([{ fired_by: null }]);

  await stopAll();
  await sleep(3500); // due while nothing runs
  await startAll();
  [s] = servers;
  const db = s.db as unknown as Kysely<any>;
  await expect.poll(async () => (await timerOf(db))[0].fired_by, { timeout: 10_000 }).toBeTruthy();
  await sleep(1000);
  expect(await db.selectFrom('wf_task').select('node_id').where('instance_id', '=', instance.id).execute()).toEqual([{ node_id: 'check' }]);
  expect((await db.selectFrom('wf_event').select('action').where('instance_id', '=', instance.id).where('action', '=', 'timer').execute()).length).toBe(1);
});
