import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { CacheRegistry, CacheStats, hitRateOf } from '../../../server/monitor/cache-stats.ts';
import { clusterFigures, totalOf } from '../../../server/monitor/cluster-figures.ts';
import type { ProcessRow } from '../../../server/monitor/heartbeat.ts';
import type { ProcessFigures } from '../../../src/core/monitor-types.ts';
import { ProcessMetrics } from '../../../server/monitor/metrics.ts';
import { DURATIONS_KEPT, percentile, RecentRequests } from '../../../server/monitor/recent-requests.ts';
import { parseRedisInfo } from '../../../server/monitor/redis-info.ts';
import { SLOW_STATEMENTS_KEPT, SlowStatements, SQL_KEPT_CHARS, statementText } from '../../../server/monitor/slow-statements.ts';

/* The pure parts of 监控中心's figures (issue 19): slow statements, the last minute's requests, caches, Redis INFO, the processes' total. */

describe('slow statements', () => {
  it('keeps only statements at or over the threshold, grouped by their text, the slowest first', () => {
    const slow = new SlowStatements();
    slow.thresholdMs = 100;
    slow.observe('select 1', 99.9);
    slow.observe('select  *\n from sys_user where id = $1', 150);
    slow.observe('select * from sys_user where id = $1', 120);
    slow.observe('select pg_sleep($1)', 300);
    slow.observe('commit', 100);
    const list = slow.list();
    expect(list.map((s) => s.sql)).toEqual(['select pg_sleep($1)', 'select * from sys_user where id = $1', 'commit']);
    expect(list[1]).toMatchObject({ count: 2, maxMs: 150, lastMs: 120 });
    expect(list[1].lastTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('a threshold set after the database opened drops what start-up kept under the default', () => {
    const slow = new SlowStatements();
    slow.observe('select start_up_work', 220);
    slow.observe('select slower_start_up_work', 400);
    slow.thresholdMs = 250;
    expect(slow.list().map((s) => s.sql)).toEqual(['select slower_start_up_work']);
    slow.observe('select 2', 249.9);
    expect(slow.list()).toHaveLength(1);
  });

  it('keeps the last 50 texts and cuts long ones', () => {
    const slow = new SlowStatements();
    slow.thresholdMs = 0;
    for (let i = 0; i < SLOW_STATEMENTS_KEPT + 10; i++) slow.observe(`select ${i}`, i);
    const texts = slow.list().map((s) => s.sql);
    expect(texts).toHaveLength(SLOW_STATEMENTS_KEPT);
    expect(texts).not.toContain('select 9');
    expect(texts).toContain('select 10');
    const long = statementText(`select ${'x, '.repeat(400)}1`);
    expect(long).toHaveLength(SQL_KEPT_CHARS);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('the last minute of requests', () => {
  it('percentiles by nearest rank', () => {
    expect(percentile([], 50)).toBe(0);
    expect(percentile([5], 99)).toBe(5);
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 99)).toBe(99);
  });

  it('counts requests and 5xx answers of the last 60 s, and forgets older ones', () => {
    const t0 = 1_000_000_000_000;
    const recent = new RecentRequests(t0 - 120_000);
    for (let i = 0; i < 10; i++) recent.record(100, false, t0 - 90_000);
    for (let i = 0; i < 98; i++) recent.record(10, false, t0 + i * 100);
    recent.record(500, true, t0 + 9_800);
    recent.record(1000, true, t0 + 9_900);
    const f = recent.figures(t0 + 10_000);
    expect(f).toMatchObject({ requests: 100, errors: 2, errorRate: 0.02, p50Ms: 10, p99Ms: 500 });
    expect(f.requestsPerSecond).toBeCloseTo(100 / 60, 2);
    expect(recent.figures(t0 + 200_000)).toMatchObject({ requests: 0, errors: 0, errorRate: 0, p50Ms: 0, p99Ms: 0 });
  });

  it('holds a bounded number of durations', () => {
    const now = Date.now();
    const recent = new RecentRequests(now - 60_000);
    for (let i = 0; i < DURATIONS_KEPT + 500; i++) recent.record(i < 500 ? 1000 : 1, false, now);
    // The 500 slow ones were overwritten; the counts still see every request.
    expect(recent.figures(now)).toMatchObject({ requests: DURATIONS_KEPT + 500, p99Ms: 1 });
  });

  it('measures a young process over its own life', () => {
    const now = Date.now();
    const recent = new RecentRequests(now - 10_000);
    for (let i = 0; i < 50; i++) recent.record(1, false, now);
    expect(recent.figures(now).requestsPerSecond).toBe(5);
  });
});

describe("a process's own figures", () => {
  it('counts requests and 5xx answers as they are answered, with the open sockets the hub reports', async () => {
    const app = Fastify({ logger: false });
    const metrics = new ProcessMetrics();
    metrics.attach(app);
    app.get('/ok', async () => 'ok');
    app.get('/broken', async () => {
      throw new Error('broken');
    });
    try {
      for (const path of ['/ok', '/ok', '/ok', '/broken']) await app.inject({ method: 'GET', url: path });
      metrics.openSockets = () => 3;
      const f = await metrics.figures();
      expect(f).toMatchObject({ requests: 4, errors: 1, errorRate: 0.25, websockets: 3, openConnections: 0 });
      expect(f.p99Ms).toBeGreaterThanOrEqual(f.p50Ms);
      expect(f.heapUsedMb).toBeGreaterThan(0);
    } finally {
      metrics.stop();
      await app.close();
    }
  });
});

describe('caches', () => {
  it('lists each registered cache once with its hit rate', () => {
    const held = new Map([['a', 1]]);
    const stats = new CacheStats('grants', '权限缓存', () => held.size);
    const registry = new CacheRegistry();
    registry.add(stats, stats);
    expect(registry.figures()).toEqual([{ name: 'grants', label: '权限缓存', entries: 1, hits: 0, misses: 0, hitRate: null }]);
    stats.miss();
    stats.hit();
    stats.hit();
    held.set('b', 2);
    expect(registry.figures()[0]).toMatchObject({ entries: 2, hits: 2, misses: 1, hitRate: 0.6667 });
    expect(hitRateOf(0, 5)).toBe(0);
  });
});

describe('Redis INFO', () => {
  it('reads version, mode, clients, memory, keys over every database, hit rate and load', () => {
    const info = [
      '# Server',
      'redis_version:7.0.15',
      'redis_mode:standalone',
      'uptime_in_seconds:3600',
      '',
      '# Clients',
      'connected_clients:3',
      '',
      '# Memory',
      `used_memory:${5 * 1024 * 1024}`,
      '',
      '# Stats',
      'instantaneous_ops_per_sec:42',
      'keyspace_hits:30',
      'keyspace_misses:10',
      '',
      '# Keyspace',
      'db0:keys=12,expires=1,avg_ttl=0',
      'db3:keys=8,expires=0,avg_ttl=0',
      '',
    ].join('\r\n');
    expect(parseRedisInfo(info)).toEqual({
      version: '7.0.15',
      mode: 'standalone',
      uptimeSeconds: 3600,
      connectedClients: 3,
      usedMemoryMb: 5,
      keys: 20,
      hitRate: 0.75,
      opsPerSecond: 42,
    });
    expect(parseRedisInfo('# Server\r\nredis_version:6.2.0\r\n')).toMatchObject({ keys: 0, hitRate: null, mode: 'standalone' });
  });
});

describe('every process sharing the database', () => {
  const figures = (requests: number, rate: number, errorRate = 0): ProcessFigures => ({
    requests,
    errors: Math.round(requests * errorRate),
    errorRate,
    requestsPerSecond: rate,
    p50Ms: 3,
    p99Ms: 30,
    openConnections: 2,
    websockets: 1,
    heapUsedMb: 80,
    rssMb: 150,
  });
  const row = (id: string, f: ProcessFigures, ageSeconds: number): ProcessRow => ({
    id,
    host: 'h',
    pid: 1,
    startedAt: 1_700_000_000,
    seenAt: 1_700_000_100,
    ageSeconds,
    ...f,
  });

  it('puts its own fresh figures in place of its row, shows stale rows as not live and totals the live ones', () => {
    const self = { id: 'me', host: 'h', pid: 2, startedAt: new Date(), figures: figures(100, 4, 0.5) };
    const rows = [row('old', figures(1000, 50), 31), row('me', figures(90, 3), 0), row('other', figures(50, 2), 29)];
    const answer = clusterFigures(self, rows, 10);
    expect(answer.self).toBe('me');
    expect(answer.processes.map((p) => [p.id, p.live, p.requests])).toEqual([
      ['old', false, 1000],
      ['me', true, 100],
      ['other', true, 50],
    ]);
    expect(Object.keys(answer.processes[0])).toEqual([
      'id',
      'host',
      'pid',
      'startedAt',
      'seenAt',
      'live',
      'requests',
      'errors',
      'errorRate',
      'requestsPerSecond',
      'p50Ms',
      'p99Ms',
      'openConnections',
      'websockets',
      'heapUsedMb',
      'rssMb',
    ]);
    // errorRate weighted by each live process's request rate: (0.5 × 4 + 0 × 2) / 6.
    expect(answer.total).toEqual({ processes: 2, requests: 150, errors: 50, errorRate: 0.3333, requestsPerSecond: 6, openConnections: 4, websockets: 2 });
  });

  it('shows itself before its first heartbeat row is there', () => {
    const answer = clusterFigures({ id: 'me', host: 'h', pid: 2, startedAt: new Date(), figures: figures(5, 1) }, [], 10);
    expect(answer.processes.map((p) => p.id)).toEqual(['me']);
    expect(totalOf(answer.processes)).toMatchObject({ processes: 1, requests: 5, errorRate: 0 });
  });
});
