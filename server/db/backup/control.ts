import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * The local control channel of the process that owns an embedded data directory. No second process may
 * open that directory (data-dir-lock.ts), so `npm run backup` asks the owner instead: the owner writes
 * `<DATA_DIR>/control.json` (mode 0600: its address and a random key made at start) and answers
 * POST /internal/backup from this machine when the key is sent. Whoever can read the data directory
 * may back it up; nobody else can, and the key dies with the process.
 */

export interface ControlFile {
  pid: number;
  /** http://127.0.0.1:<port> */
  origin: string;
  key: string;
}

export const CONTROL_HEADER = 'x-control-key';
const controlFile = (dataDir: string) => join(dataDir, 'control.json');

export const newControlKey = () => randomBytes(32).toString('hex');

export function publishControl(dataDir: string, control: ControlFile): () => void {
  const file = controlFile(dataDir);
  writeFileSync(file, JSON.stringify(control), { mode: 0o600 });
  return () => {
    try {
      if (readControl(dataDir)?.pid === control.pid) unlinkSync(file);
    } catch {
      // already gone
    }
  };
}

export function readControl(dataDir: string): ControlFile | undefined {
  const file = controlFile(dataDir);
  if (!existsSync(file)) return undefined;
  try {
    const control = JSON.parse(readFileSync(file, 'utf8')) as ControlFile;
    return typeof control.key === 'string' && typeof control.origin === 'string' ? control : undefined;
  } catch {
    return undefined;
  }
}

export function keyMatches(sent: unknown, key: string): boolean {
  if (typeof sent !== 'string' || sent.length !== key.length) return false;
  return timingSafeEqual(Buffer.from(sent), Buffer.from(key));
}

export const isLoopback = (ip: string) => ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';
