import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../server/db/connect.ts';
import { unnested } from '../../server/db/unnest-rows.ts';
import { createTestDatabase, type TestDatabase } from './helpers/server.ts';

/*
 * Rows passed as one array literal per column (server/db/unnest-rows.ts: the import's distinct-count cells and
 * data log) come back as they went in, whatever their text holds — on either database.
 */

let store: TestDatabase;
let database: Database;
beforeAll(async () => {
  store = await createTestDatabase();
  database = await store.open();
});
afterAll(async () => {
  await database?.close();
  await store?.dispose();
});

const AWKWARD = ['', 'NULL', 'null', '"', '\\', '\\"', 'a,b', '{x}', ' lead', 'trail ', 'line\nbreak', "it's", '王李张', '😀', '(1,2)'];

it('returns every awkward text, null, number, date and JSON value as it was bound', async () => {
  const rows = AWKWARD.map((text, i) => [
    i,
    text,
    i % 3 === 0 ? null : `v${i}`,
    `2025-0${1 + (i % 9)}-1${i % 10}`,
    JSON.stringify({ text, n: i, list: [text] }),
  ]);
  const { rows: back } = await sql<{ i: number; text: string; maybe: string | null; day: string; doc: unknown }>`
    select i, text, maybe, to_char(day, 'YYYY-MM-DD') as day, doc
    from ${unnested(
      [
        ['i', 'integer'],
        ['text', 'text'],
        ['maybe', 'text'],
        ['day', 'date'],
        ['doc', 'jsonb'],
      ],
      rows,
    )} order by i`.execute(database.db);
  expect(back.map((r) => [Number(r.i), r.text, r.maybe, r.day, typeof r.doc === 'string' ? JSON.parse(r.doc) : r.doc])).toEqual(
    rows.map((r) => [r[0], r[1], r[2], r[3], JSON.parse(r[4] as string)]),
  );
});

it('binds a handful of parameters however many rows it carries', async () => {
  const rows = Array.from({ length: 5000 }, (_, i) => [i, `名${i}`]);
  const compiled = sql`select count(*)::int as n, count(distinct t)::int as d from ${unnested(
    [
      ['i', 'integer'],
      ['t', 'text'],
    ],
    rows,
  )}`.compile(database.db);
  expect(compiled.parameters).toHaveLength(2);
  const { rows: back } = await database.db.executeQuery<{ n: number; d: number }>(compiled);
  expect(back[0]).toEqual({ n: 5000, d: 5000 });
});
