import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, persistentStore, startServer, type TestServer } from './helpers/server.ts';

/*
 * Two server processes' worth of servers on one PostgreSQL database (started one after the other): a
 * grant taken away on one is seen by the other within 2 s, without a new sign-in — the grant cache's
 * notice travels by LISTEN/NOTIFY. Only on the PostgreSQL pass (TEST_DATABASE_URL).
 */

const onPostgres = !!process.env.TEST_DATABASE_URL;
let store: Awaited<ReturnType<typeof persistentStore>>;
let one: TestServer;
let two: TestServer;

beforeAll(async () => {
  if (!onPostgres) return;
  store = await persistentStore();
  // DATABASE_URL makes each server listen for notices on that database, as a deployment's processes do.
  one = await startServer({ DATABASE_URL: store.database.url }, store);
  two = await startServer({ DATABASE_URL: store.database.url }, store);
});
afterAll(async () => {
  await two?.close();
  await one?.close();
  await store?.dispose();
});

it.skipIf(!onPostgres)('a role taken away on one process is refused on the other within 2 s', async () => {
  const token = await one.loginAs('zhangwei', ADMIN_PASSWORD);
  expect((await two.api.get('/donation/record/list', token)).body.success).toBe(true);
  const user = await one.db.selectFrom('sys_user').select('id').where('username', '=', 'zhangwei').executeTakeFirstOrThrow();
  await one.db.deleteFrom('sys_user_role').where('user_id', '=', user.id).execute();
  const started = Date.now();
  await expect.poll(async () => (await two.api.get('/donation/record/list', token)).status, { timeout: 2000, interval: 100 }).toBe(403);
  expect(Date.now() - started).toBeLessThan(2500);
});
