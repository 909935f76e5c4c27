#!/usr/bin/env node
/*
 * `npm run bench`: prints figures, asserts nothing. Starts the real server on a fresh embedded
 * database and measures
 *   - the gzip size of the JavaScript the login route loads, and when its form shows, in Chromium;
 *   - p50/p95 latency of /sys/login and /sys/permission/getUserPermissionByToken over loopback;
 *   - a 10,000-row Excel import and the other requests' latency meanwhile (scripts/bench-import.mjs);
 * then, on a second embedded database holding BENCH_RECORDS donation records (default 1,000,000,
 * seeded once by `npm run seed:scale` into .tmp/bench-scale and reused), the donation list pages and
 * the list screen's render time in Chromium (scripts/bench-list.mjs), and 捐赠报表 over a year, the
 * dashboard and login/visit calls, and the roll-up cost per inserted donation (scripts/bench-reports.mjs);
 * the time to advance 1,000 workflow instances one step (scripts/bench-workflow.ts); and backup and
 * restore of an embedded install (scripts/bench-backup.ts); and, on a third fresh database, a 1,000-field
 * form opened at run time and in the designer and a 1,000-node department tree (scripts/bench-forms.mjs).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.BENCH_PORT || 3200);
const BASE = `http://127.0.0.1:${PORT}`;
const API = `${BASE}/hope-boot`;
const PASSWORD = 'Bench@12345';

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const fmt = (ms) => `${ms.toFixed(2)} ms`;

async function timed(n, fn) {
  const samples = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return { n, p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

async function waitFor(url, ms = 120_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer at ${url}`);
}

async function postJson(path, body, token) {
  const res = await fetch(`${API}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'X-Access-Token': token } : {}) },
    body: JSON.stringify(body),
  });
  return res.json();
}

async function loginRoute() {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const runs = [];
  let scripts = [];
  for (let i = 0; i < 5; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const bodies = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script') bodies.push(res.body().then((b) => ({ url: res.url(), raw: b.length, gzip: gzipSync(b).length })));
    });
    const start = Date.now();
    await page.goto(`${BASE}/#/user/login`);
    await page.getByPlaceholder('请输入用户名').waitFor({ state: 'visible' });
    runs.push(Date.now() - start);
    await page.waitForLoadState('networkidle');
    scripts = await Promise.all(bodies);
    await context.close();
  }
  await browser.close();
  runs.sort((a, b) => a - b);
  return { formShownMs: percentile(runs, 50), scripts };
}

const dataDir = mkdtempSync(join(tmpdir(), 'hope-bench-'));
if (spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' }).status !== 0)
  process.exit(1);
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD, LOGIN_RATE_LIMIT: '100000', DATABASE_URL: '' },
});

try {
  await waitFor(`${BASE}/runtime-config.js`);
  console.log('\n希望工程 back office — benchmark (embedded PostgreSQL, loopback, this machine)\n');

  const route = await loginRoute();
  const gzip = route.scripts.reduce((s, f) => s + f.gzip, 0);
  const raw = route.scripts.reduce((s, f) => s + f.raw, 0);
  console.log(`login route JavaScript: ${(gzip / 1024).toFixed(1)} KB gzip (${(raw / 1024).toFixed(1)} KB raw) in ${route.scripts.length} files`);
  for (const f of route.scripts.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${(f.gzip / 1024).toFixed(1).padStart(7)} KB  ${new URL(f.url).pathname}`);
  console.log(`login form shown after (median of 5 cold loads): ${route.formShownMs} ms`);

  const login = await timed(40, async () => {
    const r = await postJson('/sys/login', { username: 'admin', password: PASSWORD });
    if (!r.success) throw new Error(r.message);
  });
  console.log(`\nPOST /sys/login                              n=${login.n}  p50 ${fmt(login.p50)}  p95 ${fmt(login.p95)}  (scrypt N=16384 per call)`);

  const { result } = await postJson('/sys/login', { username: 'admin', password: PASSWORD });
  const perm = await timed(300, async () => {
    const res = await fetch(`${API}/sys/permission/getUserPermissionByToken?_t=1`, { headers: { 'X-Access-Token': result.token } });
    if (!res.ok) throw new Error(String(res.status));
    await res.arrayBuffer();
  });
  console.log(`GET  /sys/permission/getUserPermissionByToken  n=${perm.n} p50 ${fmt(perm.p50)}  p95 ${fmt(perm.p95)}`);

  if (process.env.BENCH_SKIP_IMPORT !== '1') {
    const { benchImport } = await import('./bench-import.mjs');
    await benchImport({ API, token: result.token, percentile });
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}

if (process.env.BENCH_SKIP_LIST !== '1') {
  const { benchList } = await import('./bench-list.mjs');
  await benchList({ root, port: PORT + 1, password: PASSWORD, percentile, timed, fmt, waitFor });
}

if (process.env.BENCH_SKIP_FORMS !== '1') {
  // A 1,000-field form at run time and in the designer, a 1,000-node tree (issue 21), on a fresh database.
  const { benchForms } = await import('./bench-forms.mjs');
  await benchForms({ root, port: PORT + 2, password: PASSWORD, percentile, waitFor });
}

if (process.env.BENCH_SKIP_WORKFLOW !== '1') {
  // The time to advance 1,000 workflow instances one step (issue 18), in its own process.
  spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/bench-workflow.ts')], { cwd: root, stdio: 'inherit' });
}

if (process.env.BENCH_SKIP_BACKUP !== '1') {
  // Backup and restore of an embedded install (issue 16), in its own process.
  spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/bench-backup.ts')], { cwd: root, stdio: 'inherit' });
}
