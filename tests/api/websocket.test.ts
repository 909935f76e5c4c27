import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { staffServer } from './announcements.fixture.ts';
import { userId } from './helpers/fixtures.ts';
import { ADMIN_PASSWORD, createTestDatabase, startServer, tempDataDir, type TestServer } from './helpers/server.ts';

let s: TestServer;
let admin: string;
let zhangwei: string;
let lina: string;
let zhangweiId: string;
let linaId: string;
const open: WebSocket[] = [];

beforeAll(async () => {
  ({
    s,
    tokens: { admin, zhangwei, lina },
    ids: { zhangwei: zhangweiId, lina: linaId },
  } = await staffServer());
});
afterAll(async () => {
  for (const socket of open) socket.terminate();
  await s?.close();
});

const wsUrl = (server: TestServer, id: string) => `${server.origin.replace('http', 'ws')}${server.config.apiBase}/websocket/${id}`;
/** A socket of user `id` carrying the token as its protocol, as JeecgBoot's clients and ours send it. */
const socketOf = (server: TestServer, id: string, token?: string) => connect(wsUrl(server, id), token ? [token] : undefined);

/**
 * A socket with every message it receives, and next() for the first one not yet taken (whether it has
 * arrived already or not); resolves once open, rejects with the refusing HTTP status.
 */
function connect(url: string, protocols?: string[]): Promise<{ socket: WebSocket; messages: any[]; next: () => Promise<any> }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, protocols);
    const messages: any[] = [];
    const waiting: ((m: any) => void)[] = [];
    let taken = 0;
    const next = () => new Promise((r) => (taken < messages.length ? r(messages[taken++]) : waiting.push(r)));
    socket.on('message', (data) => {
      const text = String(data);
      messages.push(text.startsWith('{') ? JSON.parse(text) : text);
      if (waiting.length) waiting.shift()!(messages[taken++]);
    });
    socket.on('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    socket.on('error', reject);
    socket.on('open', () => {
      open.push(socket);
      resolve({ socket, messages, next });
    });
  });
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function releaseAs(server: TestServer, token: string, fields: Record<string, unknown>, tenant?: string) {
  // Written on the schema screen (system/announcement), released by the spec's call.
  const id = (await server.api.post('/system/announcement/add', { titile: '推送测试', msgType: 'ALL', ...fields }, token, tenant ? { tenant_id: tenant } : {}))
    .body.result.id;
  const r = await server.api.get(`/sys/annountCement/doReleaseData?id=${id}`, token);
  expect(r.body.success).toBe(true);
  return id as string;
}

describe('socket authorisation', () => {
  it('opens for a valid token of the same user carried as its protocol, never one in the URL, and answers the heartbeat', async () => {
    const mine = await socketOf(s, zhangweiId, zhangwei);
    mine.socket.send('HeartBeat');
    expect(await mine.next()).toEqual({ cmd: 'heartcheck', msgTxt: '心跳响应' });
    // A token in a URL ends up in logs and histories: refused.
    await expect(connect(`${wsUrl(s, zhangweiId)}?token=${encodeURIComponent(zhangwei)}`)).rejects.toThrow('refused 401');

    const byProtocol = await connect(wsUrl(s, linaId), [lina]);
    // The browser drops a socket whose protocol the server does not echo back.
    expect(byProtocol.socket.protocol).toBe(lina);
  });

  it("refuses another user's id with 403", async () => {
    await expect(socketOf(s, linaId, zhangwei)).rejects.toThrow('refused 403');
    await expect(connect(wsUrl(s, linaId), [zhangwei])).rejects.toThrow('refused 403');
  });

  it('refuses a bad, missing or revoked token with 401', async () => {
    await expect(socketOf(s, zhangweiId, 'not-a-token')).rejects.toThrow('refused 401');
    await expect(socketOf(s, zhangweiId, `${zhangwei}x`)).rejects.toThrow('refused 401');
    await expect(connect(wsUrl(s, zhangweiId))).rejects.toThrow('refused 401');
    const other = await s.loginAs('zhangwei', ADMIN_PASSWORD);
    await s.api.post('/sys/logout', undefined, other);
    await expect(socketOf(s, zhangweiId, other)).rejects.toThrow('refused 401');
  });
});

describe('a socket outliving its session', () => {
  it('is closed (4001) at the next ping once its token is revoked by logout', async () => {
    const token = await s.loginAs('zhangwei', ADMIN_PASSWORD);
    // Only intervals are faked: the server's 30 s ping timer, started when the socket opens.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const { socket } = await socketOf(s, zhangweiId, token);
      const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
      await s.api.post('/sys/logout', undefined, token);
      vi.advanceTimersByTime(30_000);
      expect(await closed).toBe(4001);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('push on release', () => {
  it("an announcement to everyone pushes cmd 'topic' to every socket", async () => {
    const z = await socketOf(s, zhangweiId, zhangwei);
    const l = await socketOf(s, linaId, lina);
    const [zMessage, lMessage, id] = await Promise.all([z.next(), l.next(), releaseAs(s, admin, { titile: '全员推送' })]);
    expect(zMessage).toEqual({ cmd: 'topic', msgId: id, msgTxt: '全员推送' });
    expect(lMessage).toEqual({ cmd: 'topic', msgId: id, msgTxt: '全员推送' });
  });

  it("an announcement to chosen users pushes cmd 'user' to their sockets only, in every tab", async () => {
    const z1 = await socketOf(s, zhangweiId, zhangwei);
    const z2 = await socketOf(s, zhangweiId, zhangwei);
    const l = await socketOf(s, linaId, lina);
    const [m1, m2, id] = await Promise.all([z1.next(), z2.next(), releaseAs(s, admin, { titile: '点对点', msgType: 'USER', userIds: zhangweiId })]);
    expect(m1).toEqual({ cmd: 'user', msgId: id, msgTxt: '点对点' });
    expect(m2).toEqual(m1);
    await pause(300);
    expect(l.messages).toEqual([]);
  });

  it('revoking pushes again so open bells drop the announcement', async () => {
    const l = await socketOf(s, linaId, lina);
    const id = await releaseAs(s, admin, { titile: '将撤销' });
    await l.next();
    const [message] = await Promise.all([l.next(), s.api.get(`/sys/annountCement/doReovkeData?id=${id}`, admin)]);
    expect(message).toMatchObject({ cmd: 'topic', msgId: id });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('across server processes (PostgreSQL LISTEN/NOTIFY)', () => {
  it('a release on one server reaches a socket held by another', async () => {
    const database = await createTestDatabase();
    const dataDir = tempDataDir();
    const env = { DATABASE_URL: database.url };
    const a = await startServer(env, { dataDir, database });
    const b = await startServer(env, { dataDir, database });
    try {
      const [adminA, linaB] = await Promise.all([a.loginAs('admin', ADMIN_PASSWORD), b.loginAs('lina', ADMIN_PASSWORD)]);
      const onB = await socketOf(b, await userId(b.db, 'lina'), linaB);
      const [message, id] = await Promise.all([onB.next(), releaseAs(a, adminA, { titile: '跨进程' })]);
      expect(message).toEqual({ cmd: 'topic', msgId: id, msgTxt: '跨进程' });
      // Delivered once, not once per process.
      await pause(300);
      expect(onB.messages).toHaveLength(1);
    } finally {
      await a.close();
      await b.close();
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('push across tenants', () => {
  it("an announcement to everyone reaches everyone of its tenant, and no other tenant's open page", async () => {
    const t = await staffServer();
    try {
      await t.s.db.insertInto('sys_tenant').values({ id: 2, name: '另一个租户', status: 1, create_time: '2026-01-01 00:00:00' }).execute();
      // lina works for the other tenant now.
      await t.s.db.updateTable('sys_user_tenant').set({ tenant_id: 2 }).where('user_id', '=', t.ids.lina).execute();
      await t.s.db.updateTable('sys_user').set({ tenant_id: 2 }).where('id', '=', t.ids.lina).execute();
      const z = await socketOf(t.s, t.ids.zhangwei, t.tokens.zhangwei);
      const l = await socketOf(t.s, t.ids.lina, t.tokens.lina);
      const [message, id] = await Promise.all([z.next(), releaseAs(t.s, t.tokens.admin, { titile: '本租户全员' }, '1')]);
      expect(message).toEqual({ cmd: 'topic', msgId: id, msgTxt: '本租户全员' });
      await pause(300);
      expect(l.messages).toEqual([]);
    } finally {
      await t.s.close();
    }
  });
});
