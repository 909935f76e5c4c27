import { type ChildProcess, spawn } from 'node:child_process';
import { ADMIN_PASSWORD } from './helpers.ts';

/*
 * A server of a spec's own, beside the worker's (fixtures.ts): on its own port and data directory, with
 * settings the shared one must not have (CAS, a restart), and without the demo records (DEMO_DATA=false)
 * so that it starts quickly.
 */
export interface OwnServer {
  origin: string;
  /** Starts it (again, on the same data directory after stop). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Waits until the server process answers /runtime-config.js; fails at once if it exits, naming `log()`. */
export async function untilServing(origin: string, child: ChildProcess, log: () => string = () => '', tries = 240): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (child.exitCode !== null) throw new Error(`the server at ${origin} stopped (${child.exitCode}): ${log()}`);
    try {
      if ((await fetch(`${origin}/runtime-config.js`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server at ${origin} did not start: ${log()}`);
}

/** Stops a server process with SIGTERM and waits for it to exit. */
export async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export function ownServer(port: number, dataDir: string, env: Record<string, string> = {}): OwnServer {
  const origin = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  return {
    origin,
    async start() {
      child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        stdio: 'ignore',
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD, DATABASE_URL: '', DEMO_DATA: 'false', ...env },
      });
      await untilServing(origin, child);
    },
    stop: () => stopProcess(child),
  };
}
