import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/connect.ts';
import { ADMIN_PASSWORD, blankImage, emptyEmbeddedDataDir } from './helpers/server.ts';

/*
 * One owner per embedded data directory, and a graceful stop (issue 16 items 1 and 8): a second open of a
 * directory is refused naming who has it, a dead owner's lock is taken over, and a real server process
 * sent SIGTERM twice (as a process group is) with kept-alive connections open answers its in-flight
 * request and exits cleanly.
 */

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'hope-proc-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe.skipIf(!!process.env.TEST_DATABASE_URL)('the embedded data directory', () => {
  it('is refused to a second opener while its owner has it, and free again once closed', async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir, image: blankImage() });
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
      new RegExp(`嵌入式数据库目录 ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} 已被占用：本进程已打开它`),
    );
    await first.close();
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });

  it('takes over the lock of an owner that is gone', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'owner.lock'), JSON.stringify({ pid: 4_194_000, host: hostname(), startedAt: '2026-01-01T00:00:00Z' }));
    const db = await openDatabase({ dataDir: dir, image: blankImage() });
    await db.close();
  });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

function startProcess(dataDir: string, port: number): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', join(process.cwd(), 'server/main.ts')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD,
      DATABASE_URL: '',
      CLIENT_DIR: join(dataDir, 'no-client'),
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (b) => (output += b));
  child.stderr!.on('data', (b) => (output += b));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function until(url: string, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

const get = (agent: Agent, port: number, path: string) =>
  new Promise<number>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    })
      .on('error', reject)
      .end();
  });

describe.skipIf(!!process.env.TEST_DATABASE_URL)('a server process (embedded database)', () => {
  it('refuses a second process on its data directory, and stops cleanly on SIGTERM with kept-alive connections open', { timeout: 150_000 }, async () => {
    const dataDir = tempDir();
    await emptyEmbeddedDataDir(dataDir);
    const port = await freePort();
    const server = startProcess(dataDir, port);
    try {
      await until(`http://127.0.0.1:${port}/ready`, 100_000);

      const second = startProcess(dataDir, await freePort());
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain('已被占用');
      expect(second.output()).toContain(String(server.child.pid));

      const agent = new Agent({ keepAlive: true, maxSockets: 4 });
      expect(await Promise.all([1, 2, 3].map(() => get(agent, port, '/health')))).toEqual([200, 200, 200]);

      // A request in flight when the signal comes is answered; the group's second SIGTERM changes nothing.
      const inFlight = fetch(`http://127.0.0.1:${port}/hope-boot/sys/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
      });
      await new Promise((r) => setTimeout(r, 5));
      const sent = Date.now();
      server.child.kill('SIGTERM');
      server.child.kill('SIGTERM');
      expect((await inFlight).status).toBe(200);
      const code = await server.exited;
      expect(code, server.output()).toBe(0);
      expect(Date.now() - sent).toBeLessThan(10_000);
      agent.destroy();

      // The directory is free again: the next process opens it.
      const nextPort = await freePort();
      const next = startProcess(dataDir, nextPort);
      try {
        await until(`http://127.0.0.1:${nextPort}/ready`, 100_000);
      } finally {
        next.child.kill('SIGTERM');
        expect(await next.exited).toBe(0);
      }
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  });
});
