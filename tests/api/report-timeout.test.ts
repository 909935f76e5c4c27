import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirBusy, lockDataDir } from '../../server/db/data-dir-lock.ts';
import { saveReport } from '../../server/services/online-reports/definitions.ts';
import { addActivity, count } from './helpers/schema-records.ts';
import { ADMIN_PASSWORD, createTestDatabase, SEEDED_IMAGE_FILE, startServer, tempDataDir, type TestServer } from './helpers/server.ts';

/*
 * An administrator's report SQL that runs past REPORT_TIMEOUT_MS is stopped there, even when its plan looks
 * cheap (a recursive CTE the cost ceiling lets through): on PostgreSQL by statement_timeout, on the embedded
 * database (a data directory, as installs run) by terminating the worker thread PGlite runs in and opening
 * the directory again. Meanwhile the server answers; afterwards committed writes are all there, the
 * directory's lock is still this process's, and reports and writes work on the reopened database.
 */

const TIMEOUT_MS = 1500;
const embedded = !process.env.TEST_DATABASE_URL;
let s: TestServer;
let admin: string;
let dataDir: string;
let runaway: string;
let activityReport: string;

beforeAll(async () => {
  dataDir = tempDataDir();
  // A data directory that starts as the seeded image (no initdb, migrations or seed here); without it (another
  // run's setup may have just removed it), the server seeds it on its first start.
  const seeded = embedded && existsSync(SEEDED_IMAGE_FILE) ? new Blob([readFileSync(SEEDED_IMAGE_FILE)]) : undefined;
  const database = await createTestDatabase(embedded ? { dataDir, image: seeded } : {});
  s = await startServer({ REPORT_TIMEOUT_MS: String(TIMEOUT_MS) }, { dataDir, database });
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  runaway = await saveReport(s.db, {
    code: 'report_runaway',
    name: '失控',
    // The planner thinks a recursive CTE is small: the cost ceiling lets it through, and it would count for minutes.
    sql: 'with recursive r(i) as (select 1 union all select i + 1 from r where i < 2000000000) select i as a from r',
    items: [{ name: 'a', title: 'A' }],
  });
  activityReport = (await s.api.get('/online/cgreport/api/getRpColumns/report_donation_activity', admin)).body.result.cgRpConfigId;
});
afterAll(async () => {
  await s?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const data = (id: string, query = '') => s.api.get(`/online/cgreport/api/getData/${id}${query ? `?${query}` : ''}`, admin);
const activities = async () =>
  (await s.api.get('/donation/activity/list?pageSize=100', admin)).body.result.records.map((r: { activityName: string }) => r.activityName);

describe('a report that runs past its time limit', () => {
  it('is stopped at the deadline with the timeout message; the server answers meanwhile and keeps every committed write', async () => {
    await addActivity(s, admin, { activityName: '超时前写入', category: '1', status: '1', startDate: '2025-03-01' });
    const lock = join(dataDir, 'owner.lock');
    const started = performance.now();
    const report = data(runaway).then((r) => ({ r, ms: performance.now() - started }));
    // The event loop is free while the statement runs in the worker: a request that needs no database answers at once.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const health = performance.now();
    expect((await s.raw('/health')).status).toBe(200);
    expect(performance.now() - health).toBeLessThan(500);
    // A request that needs the database waits for the report's end (one connection), then is answered.
    const list = activities().then((names) => ({ names, ms: performance.now() - started }));

    const { r, ms } = await report;
    expect(r.body.success).toBe(false);
    expect(r.body.message).toBe(`报表【失控】查询超时（超过${TIMEOUT_MS / 1000}秒），请缩小查询范围`);
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(ms).toBeLessThan(TIMEOUT_MS + 5000);
    const waited = await list;
    expect(waited.names).toContain('超时前写入');
    expect(waited.ms).toBeLessThan(TIMEOUT_MS + 15_000);
    if (embedded) {
      // The directory stayed this process's: its lock names us, and a second open is still refused.
      expect(existsSync(lock)).toBe(true);
      expect(JSON.parse(readFileSync(lock, 'utf8')).pid).toBe(process.pid);
      expect(() => lockDataDir(dataDir)).toThrow(DataDirBusy);
    }
  });

  it('after the stop, writes, ordinary reports and a second stop work as before', async () => {
    await addActivity(s, admin, { activityName: '重开后写入', category: '3', status: '1', startDate: '2025-06-01' });
    expect(await activities()).toEqual(expect.arrayContaining(['超时前写入', '重开后写入']));
    const page = await data(activityReport, 'pageSize=50');
    expect(page.body.success).toBe(true);
    expect(page.body.result.records.map((a: { activity_name: string }) => a.activity_name)).toEqual(expect.arrayContaining(['超时前写入', '重开后写入']));
    // A cross join of series the planner does not see through: stopped too, and the database serves on.
    const cross = await saveReport(s.db, {
      code: 'report_cross',
      name: '交叉',
      sql: 'select count(*) as a from generate_series(1, (select 300000)) x(i), generate_series(1, (select 300000)) y(j)',
      items: [{ name: 'a', title: 'A' }],
    });
    expect((await data(cross)).body.message).toBe(`报表【交叉】查询超时（超过${TIMEOUT_MS / 1000}秒），请缩小查询范围`);
    expect(await count(s, 'donation_activity')).toBeGreaterThanOrEqual(2);
    expect((await data(activityReport, 'pageSize=1')).body.success).toBe(true);
  });
});
