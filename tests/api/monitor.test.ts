import { connect } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * 监控中心 (issue 19): live figures that respond to load, a request trace without tokens or queries, slow
 * statements by their text only, cache hit counts that rise with cached requests, Redis's INFO when
 * REDIS_URL names one (an unreachable one is said so), the permission monitor:view on every endpoint, and
 * the Prometheus text only for a scraper with METRICS_TOKEN. Every process's figures: monitor-processes.test.ts.
 */

/** A Redis server for the Redis figures: TEST_REDIS_URL, or one on this machine's default port; none on a fresh machine, and those tests skip. */
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const redisReachable = await new Promise<boolean>((resolve) => {
  const url = new URL(REDIS_URL);
  const socket = connect({ host: url.hostname, port: Number(url.port || 6379) });
  const done = (up: boolean) => {
    socket.destroy();
    resolve(up);
  };
  socket.setTimeout(1000, () => done(false));
  socket.on('error', () => done(false));
  socket.on('connect', () => socket.write('PING\r\n'));
  socket.on('data', (data) => done(/^[+-]/.test(data.toString())));
});

let s: TestServer;
let admin: string;
let staff: string;
beforeAll(async () => {
  s = await startServer({ METRICS_TOKEN: 'scrape-secret', SLOW_STATEMENT_MS: '250' });
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  staff = await s.loginAs('zhangwei', ADMIN_PASSWORD);
});
afterAll(() => s?.close());

describe('监控中心', () => {
  it('every endpoint needs monitor:view', async () => {
    for (const path of ['runtime', 'system', 'disk', 'database', 'httptrace', 'statements', 'caches', 'server']) {
      const r = await s.api.get(`/monitor/${path}`, staff);
      expect(r.status, path).toBe(403);
    }
  });

  it("the request count rises with requests, and the figures are this process's", async () => {
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
    // The host's processes: this test's own process is one of them.
    expect(system.processes.all).toBeGreaterThan(0);
    expect(system.processes.all).toBeGreaterThanOrEqual(system.processes.running);
    expect(system.memoryTotalMb).toBeGreaterThan(0);
    const disk = (await s.api.get('/monitor/disk', admin)).body.result;
    expect(disk.filesystems.length).toBeGreaterThan(0);
    const database = (await s.api.get('/monitor/database', admin)).body.result;
    expect(database.version).toMatch(/PostgreSQL/);
    // The largest system table (menus and buttons): among the 30 largest on either engine, which sys_user
    // (as large as a dozen other small tables) is not always.
    const permissions = database.tables.find((t: { name: string }) => t.name === 'sys_permission');
    expect(permissions.rowEstimate).toBeGreaterThan(0);
  });

  it('a slow statement is listed by its text with placeholders, never its values; fast ones are not', async () => {
    await sql`select pg_sleep(${0.3}), ${'a-bound-secret'}::text as secret`.execute(s.db);
    await sql`select 1 as fast`.execute(s.db);
    const answer = (await s.api.get('/monitor/statements', admin)).body.result as {
      thresholdMs: number;
      statements: { sql: string; count: number; maxMs: number; lastMs: number; lastTime: string }[];
    };
    expect(answer.thresholdMs).toBe(250);
    const slept = answer.statements.find((st) => st.sql.includes('pg_sleep'));
    expect(slept).toMatchObject({ sql: 'select pg_sleep($1), $2::text as secret', count: 1 });
    expect(slept!.maxMs).toBeGreaterThanOrEqual(250);
    expect(slept!.lastMs).toBe(slept!.maxMs);
    expect(slept!.lastTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.stringify(answer)).not.toContain('a-bound-secret');
    expect(answer.statements.some((st) => st.sql.includes('as fast'))).toBe(false);
    expect(answer.statements.every((st) => st.maxMs >= 250)).toBe(true);
    const maxima = answer.statements.map((st) => st.maxMs);
    expect(maxima).toEqual([...maxima].sort((a, b) => b - a));
  });

  it('each cache counts its hits, and a repeated cached request raises them; no Redis without REDIS_URL', async () => {
    type Cache = { name: string; label: string; entries: number; hits: number; misses: number; hitRate: number | null };
    const caches = async () => (await s.api.get('/monitor/caches', admin)).body.result as { caches: Cache[]; redis: unknown };
    const byName = (list: Cache[]) => Object.fromEntries(list.map((c) => [c.name, c]));
    await s.api.get('/sys/dict/getDictItems/sex', admin);
    const before = await caches();
    expect(before.redis).toBeNull();
    expect(Object.keys(byName(before.caches))).toEqual(expect.arrayContaining(['grants', 'dictionaries', 'schemas', 'workflow-models']));
    for (const c of before.caches) expect(c.label).toMatch(/[\u4e00-\u9fa5]/);
    await s.api.get('/sys/dict/getDictItems/sex', admin);
    await s.api.get('/sys/dict/getDictItems/sex', admin);
    const after = byName((await caches()).caches);
    const was = byName(before.caches);
    expect(after.dictionaries.hits - was.dictionaries.hits).toBeGreaterThanOrEqual(2);
    expect(after.dictionaries.entries).toBeGreaterThan(0);
    // Each request's session is answered from the grant cache (the token's user row and revocation).
    expect(after.grants.hits - was.grants.hits).toBeGreaterThanOrEqual(2);
    expect(after.grants.hitRate).toBeGreaterThan(0);
    expect(after.schemas.entries).toBeGreaterThan(10);
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

describe('Redis figures (REDIS_URL)', () => {
  it('an unreachable Redis is reported in the answer, which still lists the caches', async () => {
    const server = await startServer({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const token = await server.loginAs('admin', ADMIN_PASSWORD);
      const answer = (await server.api.get('/monitor/caches', token)).body;
      expect(answer.success).toBe(true);
      expect(answer.result.redis.error).toMatch(/^无法连接 Redis：/);
      expect(answer.result.caches.length).toBeGreaterThanOrEqual(4);
    } finally {
      await server.close();
    }
  });

  it.skipIf(!redisReachable)('a reachable Redis shows its INFO', async () => {
    const server = await startServer({ REDIS_URL });
    try {
      const token = await server.loginAs('admin', ADMIN_PASSWORD);
      const redis = (await server.api.get('/monitor/caches', token)).body.result.redis;
      expect(redis).toMatchObject({ version: expect.stringMatching(/^\d+\.\d+/), mode: expect.any(String) });
      expect(redis.connectedClients).toBeGreaterThanOrEqual(1);
      expect(redis.usedMemoryMb).toBeGreaterThan(0);
      expect(redis.uptimeSeconds).toBeGreaterThanOrEqual(0);
      expect(typeof redis.keys).toBe('number');
      expect(typeof redis.opsPerSecond).toBe('number');
      // The connection is kept for the next request.
      expect((await server.api.get('/monitor/caches', token)).body.result.redis.version).toBe(redis.version);
    } finally {
      await server.close();
    }
  });
});
