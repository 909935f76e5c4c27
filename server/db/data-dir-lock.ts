import { closeSync, existsSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/*
 * One owner per embedded data directory. PGlite has no lock of its own: two processes on one directory
 * both write, and acknowledged writes vanish. The owner holds `<dir>/owner.lock` (created exclusively)
 * naming its pid, host and start time; another process — or a second open in the same one — is refused
 * with who holds it. A lock left by a process that is gone (same host, pid not alive) is taken over.
 */

interface Owner {
  pid: number;
  host: string;
  startedAt: string;
}

export class DataDirBusy extends Error {}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function readOwner(file: string): Owner | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Owner;
    return typeof owner.pid === 'number' ? owner : undefined;
  } catch {
    return undefined;
  }
}

export interface DataDirLock {
  release(): void;
}

/** Takes the directory for this process, or throws DataDirBusy naming the process that has it. */
export function lockDataDir(dir: string): DataDirLock {
  const file = join(dir, 'owner.lock');
  const me: Owner = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      let held = true;
      return {
        release() {
          if (!held) return;
          held = false;
          if (readOwner(file)?.pid === me.pid && existsSync(file)) unlinkSync(file);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(file);
    const stale = !owner || (owner.host === me.host && owner.pid !== me.pid && !alive(owner.pid));
    if (!stale) {
      const who = owner.pid === me.pid ? '本进程已打开它' : `进程 ${owner.pid}（${owner.host}，启动于 ${owner.startedAt}）正在使用它`;
      throw new DataDirBusy(
        `嵌入式数据库目录 ${dir} 已被占用：${who}。同一个数据目录只能由一个进程打开；请先停止该进程，或设置 DATABASE_URL 让多个进程共用一个 PostgreSQL。`,
      );
    }
    // The owner is gone (crash, kill -9): its lock is taken over.
    try {
      unlinkSync(file);
    } catch {
      // Another starter took it over first; the next attempt sees its lock.
    }
  }
  throw new DataDirBusy(`嵌入式数据库目录 ${dir} 的锁无法取得，请稍后重试`);
}
