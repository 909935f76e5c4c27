#!/usr/bin/env node
/*
 * `npm start`: builds the client when it is missing or older than its sources, then runs the server
 * (TypeScript through tsx) in this process's place, passing signals on.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/* CLIENT_DIR (default dist/) is where the client is built and served from; separate dirs let test runs coexist. */
const clientDir = resolve(root, process.env.CLIENT_DIR || 'dist');
const built = join(clientDir, 'index.html');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), 0);
}

const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'].map((p) => join(root, p));
const clientIsStale = !existsSync(built) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;

if (clientIsStale && process.env.SKIP_CLIENT_BUILD !== '1') {
  console.log('正在构建前端 (vite build)…');
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn', '--outDir', clientDir, '--emptyOutDir'],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// `--build-only`: the end-to-end tests build once before their servers start.
if (process.argv.includes('--build-only')) process.exit(0);

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], { cwd: root, stdio: 'inherit', env: process.env });
// Passed on once: the server stops gracefully on the first signal (a process-group signal reaches it directly too).
let forwarded = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (forwarded) return;
    forwarded = true;
    server.kill(signal);
  });
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
