import { afterAll, expect, it } from 'vitest';
import type { Database } from '../../server/db/connect.ts';
import { newId } from '../../server/lib/ids.ts';
import { createTestDatabase, type TestDatabase } from './helpers/server.ts';

/*
 * Ids unique across processes (issue 16 item 2): every process on one PostgreSQL database holds its own id
 * number (the last three digits of its ids) for as long as it runs, and a stopped process frees its number.
 * Each openDatabase here stands for one process. Only on the PostgreSQL pass.
 */

const onPostgres = !!process.env.TEST_DATABASE_URL;
let store: TestDatabase | undefined;
const opened: Database[] = [];
afterAll(async () => {
  for (const d of opened) await d.close().catch(() => undefined);
  await store?.dispose();
});

it.skipIf(!onPostgres)('gives each process on one database its own id number, and takes a stopped one back', async () => {
  store = await createTestDatabase();
  for (let i = 0; i < 3; i++) opened.push(await store.open());
  const nodes = opened.map((d) => d.idNode!());
  expect(new Set(nodes).size).toBe(3);
  // This process's ids end with the number it holds last.
  expect(newId().slice(-3)).toBe(String(nodes[2]).padStart(3, '0'));

  const [second] = opened.splice(1, 1);
  await second.close();
  const next = await store.open();
  opened.push(next);
  expect(next.idNode!()).toBe(nodes[1]);
  expect(new Set(opened.map((d) => d.idNode!())).size).toBe(3);
});
