import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareApp } from '../../server/app.ts';
import { countingRoundTrips, roundTrips } from '../../server/db/round-trips.ts';
import { nowText } from '../../server/lib/time.ts';
import { SchemaError } from '../../server/engine/schema/registry.ts';
import { ADMIN_PASSWORD, persistentStore, startServer, testConfig } from './helpers/server.ts';

/*
 * Start-up with the schema runtime on the same data twice: the second start syncs nothing new and keeps
 * every record; a bad stored document or an unsafe table change stops the start with a clear message.
 */

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function store() {
  const data = await persistentStore();
  cleanups.push(data.dispose);
  return data;
}

describe('starting on existing data', () => {
  it('a second start keeps records, menus and the demo data as they were, and seeds nothing', async () => {
    const data = await store();
    const first = await startServer({ DEMO_DATA: 'true' }, data);
    const snapshot = async (db: typeof first.db) =>
      (
        await sql<{ records: number; menus: number; dicts: number; raised: number }>`
        select (select count(*) from donation_record) as records, (select count(*) from sys_permission) as menus,
               (select count(*) from sys_dict_item) as dicts, (select sum(raised_amount) from donation_activity) as raised`.execute(db)
      ).rows[0];
    const before = await snapshot(first.db);
    await first.close();
    const second = await startServer({ DEMO_DATA: 'true' }, data);
    try {
      expect(second.seed.seeded).toBe(false);
      expect(await snapshot(second.db)).toEqual(before);
      const token = await second.loginAs('admin', ADMIN_PASSWORD);
      expect((await second.api.get('/donation/record/list', token)).body.result.total).toBe(Number(before.records));
    } finally {
      await second.close();
    }
  });

  it('a start of an installed system reads the menus, dictionaries and triggers there are, and writes none of them one by one', async () => {
    const data = await store();
    await (await startServer({}, data)).close();
    const database = await data.database.open();
    try {
      const statements = await countingRoundTrips(async () => {
        const { app } = await prepareApp(testConfig(data.dataDir), database, { demoData: false });
        await app.close();
        return roundTrips();
      });
      const entries = Number((await sql<{ n: number }>`select count(*) as n from sys_permission`.execute(database.db)).rows[0].n);
      // One statement per runtime table stays (its counter's resync); 441 menu entries, 62 dictionaries and two
      // triggers a table used to be a statement each (over 800 a start).
      expect(entries).toBeGreaterThan(300);
      expect(statements).toBeLessThan(150);
    } finally {
      await database.close();
    }
  });

  it('refuses to start on a stored document that would expose a system table, naming it', async () => {
    const data = await store();
    const first = await startServer({}, data);
    const bad = (system: boolean) => ({
      version: 1,
      code: 'test/bad',
      title: '坏',
      entity: { table: 'sys_user', system, fields: [{ name: 'password', label: '密码', type: 'string' }] },
    });
    await first.db
      .insertInto('sys_schema')
      .values({
        code: 'test/bad',
        document: JSON.stringify(bad(false)),
        version: 1,
        create_by: 'admin',
        create_time: nowText(),
        update_by: null,
        update_time: null,
      })
      .execute();
    await first.close();
    const error = await startServer({}, data).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SchemaError);
    expect((error as Error).message).toBe('模式文档有误，服务未启动:\n  sys_schema test/bad: 表 sys_user 以 sys_ 开头，只能由系统文档 (system: true) 使用');

    const database = await data.database.open();
    await database.db
      .updateTable('sys_schema')
      .set({ document: JSON.stringify(bad(true)) })
      .where('code', '=', 'test/bad')
      .execute();
    await database.close();
    const again = await startServer({}, data).catch((e: unknown) => e);
    expect((again as Error).message).toBe('模式文档有误，服务未启动:\n  sys_schema test/bad: 设计器保存的文档不能映射系统表 (system: true)');
  });
});
