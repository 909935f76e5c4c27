import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ADMIN_PASSWORD, persistentStore, startServer, type TestServer } from './helpers/server.ts';
import type { ClusterFigures } from '../../src/core/monitor-types.ts';

/*
 * 监控中心's figures of every server process (issue 19): each process keeps a heartbeat row in
 * sys_monitor_process, GET /monitor/server answers the process's own figures fresh and the others' from
 * their rows, with the live ones' total. Two processes on one database only on the PostgreSQL pass
 * (TEST_DATABASE_URL; the embedded database opens in one process); the one-process checks on both.
 */

const HEARTBEAT = { MONITOR_HEARTBEAT_SECONDS: '1' };

const figuresOf = async (server: TestServer, token: string) => (await server.api.get('/monitor/server', token)).body.result as ClusterFigures;
const rowOf = (server: TestServer, id: string) => server.db.selectFrom('sys_monitor_process').selectAll().where('id', '=', id).executeTakeFirst();
const live = (answer: ClusterFigures) => answer.processes.filter((p) => p.live);

describe('one process', () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startServer(HEARTBEAT);
    admin = await s.loginAs('admin', ADMIN_PASSWORD);
  });
  afterAll(() => s?.close());

  it('writes its row at start and on every heartbeat, and answers its own figures fresh', async () => {
    const first = await figuresOf(s, admin);
    expect(first.intervalSeconds).toBe(1);
    expect(first.self).toBe(s.ctx.heartbeat.id);
    const me = first.processes.find((p) => p.id === first.self)!;
    expect(me).toMatchObject({ pid: process.pid, live: true });
    expect(me.startedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(me.heapUsedMb).toBeGreaterThan(0);
    expect(me.rssMb).toBeGreaterThan(0);
    // The request being answered holds a connection open.
    expect(me.openConnections).toBeGreaterThanOrEqual(1);
    expect(me.requestsPerSecond).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) await s.api.get('/site/siteinfo');
    const fresh = (await figuresOf(s, admin)).processes.find((p) => p.id === first.self)!;
    expect(fresh.requests - me.requests).toBeGreaterThanOrEqual(6);
    // The row catches up within a heartbeat or two.
    await expect.poll(async () => Number((await rowOf(s, first.self))?.requests ?? 0), { timeout: 5000, interval: 200 }).toBeGreaterThanOrEqual(fresh.requests);
  });

  it("its errors are its 5xx answers, and its latency percentiles are the last minute's", async () => {
    const me = (await figuresOf(s, admin)).processes.find((p) => p.id === s.ctx.heartbeat.id)!;
    expect(me.errors).toBe(s.ctx.metrics.errorCount);
    expect(me.p99Ms).toBeGreaterThanOrEqual(me.p50Ms);
    expect(me.p50Ms).toBeGreaterThan(0);
  });

  it('shows a row unseen for three heartbeats as not live and leaves it out of the total', async () => {
    await sql`insert into sys_monitor_process (id, host, pid, started_at, seen_at, requests, errors, requests_per_second)
              values ('gone#1#abcdef', 'elsewhere', 1, now() - interval '10 minutes', now() - interval '5 minutes', 1000, 10, 5)`.execute(s.db);
    try {
      const answer = await figuresOf(s, admin);
      const gone = answer.processes.find((p) => p.id === 'gone#1#abcdef')!;
      expect(gone).toMatchObject({ host: 'elsewhere', live: false, requests: 1000, errors: 10 });
      expect(answer.total.processes).toBe(live(answer).length);
      expect(answer.total.requests).toBe(live(answer).reduce((n, p) => n + p.requests, 0));
      expect(answer.total.requests).toBeLessThan(1000);
    } finally {
      await s.db.deleteFrom('sys_monitor_process').where('id', '=', 'gone#1#abcdef').execute();
    }
  });

  it('counts the WebSockets open on the process', async () => {
    const { id } = await s.db.selectFrom('sys_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const socket = new WebSocket(`${s.origin.replace('http', 'ws')}${s.config.apiBase}/websocket/${id}`, [admin]);
    try {
      await new Promise<void>((resolve, reject) => {
        socket.on('open', () => resolve());
        socket.on('error', reject);
      });
      await expect.poll(async () => (await figuresOf(s, admin)).total.websockets, { timeout: 3000, interval: 100 }).toBe(1);
    } finally {
      socket.close();
    }
    await expect.poll(async () => (await figuresOf(s, admin)).total.websockets, { timeout: 3000, interval: 100 }).toBe(0);
  });
});

const onPostgres = !!process.env.TEST_DATABASE_URL;

describe.skipIf(!onPostgres)('two processes on one database', () => {
  let store: Awaited<ReturnType<typeof persistentStore>>;
  let one: TestServer;
  let two: TestServer | undefined;
  beforeAll(async () => {
    if (!onPostgres) return;
    store = await persistentStore();
    // DATABASE_URL: each server listens for notices on that database, as a deployment's processes do.
    const env = { DATABASE_URL: store.database.url, ...HEARTBEAT };
    one = await startServer(env, store);
    // A row of a process killed two hours ago: the next process to start prunes it.
    await sql`insert into sys_monitor_process (id, host, pid, started_at, seen_at) values ('dead#1#000000', 'elsewhere', 1, now() - interval '3 hours', now() - interval '2 hours')`.execute(
      one.db,
    );
    two = await startServer(env, store);
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
    await store?.dispose();
  });

  it("each process's requests are its own, and the total is their sum", async () => {
    const adminOne = await one.loginAs('admin', ADMIN_PASSWORD);
    for (let i = 0; i < 6; i++) await one.api.get('/site/siteinfo');
    for (let i = 0; i < 4; i++) await two!.api.get('/site/siteinfo');
    const twoId = two!.ctx.heartbeat.id;
    // Process two is left alone now: its row catches up with its count within a heartbeat or two.
    let answer: ClusterFigures | undefined;
    const caughtUp = async () => (answer = await figuresOf(one, adminOne)).processes.find((p) => p.id === twoId)?.requests === two!.ctx.metrics.requestCount;
    await expect.poll(caughtUp, { timeout: 5000, interval: 200 }).toBe(true);
    answer = answer!;
    expect(answer.processes.map((p) => p.id)).not.toContain('dead#1#000000');
    expect(answer.self).toBe(one.ctx.heartbeat.id);
    expect(answer.self).not.toBe(twoId);
    const [a, b] = [answer.processes.find((p) => p.id === answer!.self)!, answer.processes.find((p) => p.id === twoId)!];
    expect(a.live && b.live).toBe(true);
    expect(answer.total.processes).toBe(2);
    expect(a.requests).toBeGreaterThanOrEqual(7);
    expect(b.requests).toBeGreaterThanOrEqual(4);
    expect(answer.total.requests).toBe(a.requests + b.requests);
    expect(answer.total.errors).toBe(a.errors + b.errors);
    expect(answer.total.requestsPerSecond).toBeCloseTo(a.requestsPerSecond + b.requestsPerSecond, 2);
    expect(answer.total.openConnections).toBe(a.openConnections + b.openConnections);

    // Asked of the other process, the same two, with its own figures fresh.
    const adminTwo = await two!.loginAs('admin', ADMIN_PASSWORD);
    const fromTwo = await figuresOf(two!, adminTwo);
    expect(fromTwo.self).toBe(twoId);
    expect(new Set(fromTwo.processes.map((p) => p.id))).toEqual(new Set([answer.self, twoId]));
    expect(fromTwo.processes.find((p) => p.id === twoId)!.requests).toBeGreaterThan(b.requests);
  });

  it('a process that stops cleanly deletes its row', async () => {
    const adminOne = await one.loginAs('admin', ADMIN_PASSWORD);
    const twoId = two!.ctx.heartbeat.id;
    await two!.close();
    two = undefined;
    const answer = await figuresOf(one, adminOne);
    expect(answer.processes.map((p) => p.id)).toEqual([one.ctx.heartbeat.id]);
    expect(answer.total.processes).toBe(1);
    expect(await rowOf(one, twoId)).toBeUndefined();
  });
});
