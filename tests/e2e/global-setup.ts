import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

/* The client is built once (when stale) before the workers start their servers. */
export default function globalSetup() {
  const root = resolve(import.meta.dirname, '..', '..');
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'start.mjs'), '--build-only'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the client build failed');
}
