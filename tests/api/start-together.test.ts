import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, persistentStore, startServer, type TestServer } from './helpers/server.ts';

/*
 * Start-up on PostgreSQL (issue 16 item 2): three servers started together on one fresh database all
 * start, without a deadlock, and the seed is whole and made once; a seed step lost halfway (its record
 * and its rows gone) is completed by the next start. Only on the PostgreSQL pass.
 */

const onPostgres = !!process.env.TEST_DATABASE_URL;
const started: TestServer[] = [];
let store: Awaited<ReturnType<typeof persistentStore>> | undefined;
afterAll(async () => {
  for (const s of started) await s.close();
  await store?.dispose();
});

const count = async (s: TestServer, table: string) => Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(s.db)).rows[0].n);

it.skipIf(!onPostgres)('three servers started together on a fresh database start, and seed once and whole', { timeout: 120_000 }, async () => {
  store = await persistentStore();
  const env = { DATABASE_URL: store.database.url };
  started.push(...(await Promise.all([1, 2, 3].map(() => startServer(env, store)))));
  const [one] = started;
  expect(await count(one, 'sys_user')).toBe((await one.db.selectFrom('sys_user').select('username').distinct().execute()).length);
  expect((await one.db.selectFrom('sys_user').select('id').where('username', '=', 'admin').execute()).length).toBe(1);
  const categories = await count(one, 'sys_category');
  const reports = await count(one, 'onl_cgreport_head');
  expect(categories).toBeGreaterThan(0);
  expect(reports).toBeGreaterThan(0);
  for (const s of started) expect((await s.api.post('/sys/login', { username: 'admin', password: ADMIN_PASSWORD })).body.success).toBe(true);

  // A step lost halfway: the next start completes it, and only it.
  await one.db.deleteFrom('sys_meta').where('key', '=', 'seed_step:online_reports').execute();
  await sql`delete from onl_cgreport_item`.execute(one.db).catch(() => undefined);
  await sql`delete from onl_cgreport_param`.execute(one.db).catch(() => undefined);
  await sql`delete from onl_cgreport_head`.execute(one.db);
  const again = await startServer(env, store);
  started.push(again);
  expect(await count(again, 'onl_cgreport_head')).toBe(reports);
  expect(await count(again, 'sys_category')).toBe(categories);
});
