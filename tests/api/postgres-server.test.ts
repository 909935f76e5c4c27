import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { seedOnFirstStart } from '../../server/db/seed.ts';
import { ADMIN_PASSWORD, adminQuery, createTestDatabase, startServer, tempDataDir, type TestDatabase } from './helpers/server.ts';

/*
 * What only a real PostgreSQL server can do to us: settings of its own, and several server
 * processes sharing one database. Runs in the TEST_DATABASE_URL pass only.
 */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function store(): Promise<{ dataDir: string; database: TestDatabase }> {
  const dataDir = tempDataDir();
  const database = await createTestDatabase();
  cleanups.push(async () => {
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { dataDir, database };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('on a real PostgreSQL server', () => {
  it("keeps the API's timestamp format and the lockout working under a non-ISO DateStyle", async () => {
    const st = await store();
    const dbName = new URL(st.database.url!).pathname.slice(1);
    await adminQuery(st.database.url!, `alter database ${dbName} set datestyle = 'SQL, DMY'`);
    const s = await startServer({}, st);
    try {
      const login = await s.api.post('/sys/login', { username: 'admin', password: ADMIN_PASSWORD });
      expect(login.status).toBe(200);
      expect(login.body.result.userInfo.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      for (let i = 0; i < 5; i++) await s.api.post('/sys/login', { username: 'admin', password: 'Wrong@1234' });
      const locked = await s.api.post('/sys/login', { username: 'admin', password: ADMIN_PASSWORD });
      expect(locked.status).toBe(423);
      expect(locked.body.message).toContain('锁定');
    } finally {
      await s.close();
    }
  });

  it('seeds exactly once when two server processes start together on a new database', async () => {
    const st = await store();
    const a = await st.database.open();
    const b = await st.database.open();
    try {
      await migrateToLatest(a.db);
      await migrateToLatest(b.db);
      const outcomes = await Promise.all([
        seedOnFirstStart(a.db, { dataDir: st.dataDir, adminPassword: ADMIN_PASSWORD }),
        seedOnFirstStart(b.db, { dataDir: st.dataDir, adminPassword: ADMIN_PASSWORD }),
      ]);
      expect(outcomes.map((o) => o.seeded).sort()).toEqual([false, true]);
      const admins = await a.db.selectFrom('sys_user').select('id').where('username', '=', 'admin').execute();
      expect(admins).toHaveLength(1);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
