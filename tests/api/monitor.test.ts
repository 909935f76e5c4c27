import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * 监控中心 (issue 19): live figures that respond to load, a request trace without tokens or queries, the
 * permission monitor:view on every endpoint, and the Prometheus text only for a scraper with METRICS_TOKEN.
 */

let s: TestServer;
let admin: string;
let staff: string;
beforeAll(async () => {
  s = await startServer({ METRICS_TOKEN: 'scrape-secret' });
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  staff = await s.loginAs('zhangwei', ADMIN_PASSWORD);
});
afterAll(() => s?.close());

describe('监控中心', () => {
  it('every endpoint needs monitor:view', async () => {
    for (const path of ['runtime', 'system', 'disk', 'database', 'httptrace']) {
      const r = await s.api.get(`/monitor/${path}`, staff);
      expect(r.status, path).toBe(403);
    }
  });

  it('the request count rises with requests, and the figures are this process\'s', async () => {
    const before = (await s.api.get('/monitor/runtime', admin)).body.result;
    expect(before).toMatchObject({ node: process.version, pid: process.pid });
    for (let i = 0; i < 7; i++) await s.api.get('/site/siteinfo');
    const after = (await s.api.get('/monitor/runtime', admin)).body.result;
    expect(after.requests - before.requests).toBeGreaterThanOrEqual(8);
    expect(after.heapUsedMb).toBeGreaterThan(0);
  });

  it('the trace holds the last request by its path, never its token or query', async () => {
    await s.api.get('/sys/dict/getDictItems/sex?token=leaky-secret&x=1', admin);
    const trace = (await s.api.get('/monitor/httptrace?path=getDictItems', admin)).body.result as { path: string; user: string; status: number }[];
    expect(trace[0]).toMatchObject({ path: '/hope-boot/sys/dict/getDictItems/sex', user: 'admin', status: 200 });
    expect(JSON.stringify(trace)).not.toContain('leaky-secret');
    expect(JSON.stringify((await s.api.get('/monitor/httptrace', admin)).body.result)).not.toContain(admin);
    const bad = await s.api.get('/monitor/httptrace?colour=red', admin);
    expect(bad.body).toMatchObject({ success: false, message: '未知的筛选字段：colour（可用：method、status、path、user）' });
  });

  it('system, disk and database figures are live readings', async () => {
    const system = (await s.api.get('/monitor/system', admin)).body.result;
    expect(system.cores).toBeGreaterThan(0);
    expect(system.memoryTotalMb).toBeGreaterThan(0);
    const disk = (await s.api.get('/monitor/disk', admin)).body.result;
    expect(disk.filesystems.length).toBeGreaterThan(0);
    const database = (await s.api.get('/monitor/database', admin)).body.result;
    expect(database.version).toMatch(/PostgreSQL/);
    const users = database.tables.find((t: { name: string }) => t.name === 'sys_user');
    expect(users.rowEstimate).toBeGreaterThan(0);
  });

  it('the Prometheus text needs the scrape token', async () => {
    expect((await s.raw('/hope-boot/monitor/metrics')).status).toBe(401);
    expect((await s.raw('/hope-boot/monitor/metrics', { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const text = await s.raw('/hope-boot/monitor/metrics', { headers: { authorization: 'Bearer scrape-secret' } });
    expect(text.status).toBe(200);
    expect(String(text.body)).toContain('hope_http_requests_total');
    expect(String(text.body)).toContain('hope_nodejs_eventloop_lag');
  });
});

describe('without METRICS_TOKEN', () => {
  it('the Prometheus endpoint is closed', async () => {
    const closed = await startServer();
    try {
      expect((await closed.raw('/hope-boot/monitor/metrics', { headers: { authorization: 'Bearer anything' } })).status).toBe(404);
    } finally {
      await closed.close();
    }
  });
});
