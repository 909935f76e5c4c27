#!/usr/bin/env node
/*
 * `npm run bench`: prints figures, asserts nothing. Starts the real server on a fresh embedded
 * database and measures
 *   - the gzip size of the JavaScript the login route loads, and when its form shows, in Chromium;
 *   - p50/p95 latency of /sys/login and /sys/permission/getUserPermissionByToken over loopback;
 *   - a 10,000-row Excel import and the other requests' latency meanwhile (scripts/bench-import.mjs);
 * then, for every size of BENCH_SIZES (default "100000,1000000"; "5000000" on request), on the embedded
 * database and on PostgreSQL when one is reachable (BENCH_DATABASE_URL, default the local server's; a database
 * per size, seeded once by `npm run seed:scale` and reused), the raw SQL answering the same questions, the
 * donation list pages, 捐赠报表, the dashboard and list requests/s at 50 connections, as admin and as a 本部门
 * user, and on the embedded database the list screen in Chromium (scripts/bench-list.mjs, bench-reports.mjs);
 * a 1,000-field form opened at run time and in the designer and a 1,000-node department tree on a fresh
 * database (scripts/bench-forms.mjs); the time to advance 1,000 workflow instances one step
 * (scripts/bench-workflow.ts); and backup and restore of an embedded install (scripts/bench-backup.ts).
 * At the end, one table of every figure of issue 21 (and issue 16's import) with its goal, per database and
 * size, the growth between sizes and ours/raw SQL (scripts/bench-summary.mjs), also written as Markdown to
 * .tmp/bench-summary.md.
 *
 * Switches: BENCH_SIZES=100000 (one size), BENCH_SKIP_PG=1, BENCH_SKIP_LIST=1 (no database sizes at all),
 * BENCH_SKIP_REPORTS=1, BENCH_SKIP_BROWSER=1 (the list screen), BENCH_SKIP_IMPORT=1, BENCH_SKIP_FORMS=1,
 * BENCH_SKIP_WORKFLOW=1, BENCH_SKIP_BACKUP=1; BENCH_PG_PROCESSES (default: one per core), BENCH_PORT.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { register } from 'tsx/esm/api';
import { adminUrl, pgUnreachable } from './bench-pg.mjs';
import { benchSizes, printSummary, record, remark, sizeLabel } from './bench-summary.mjs';

// The raw SQL figures open the database with server/db/connect.ts in this process.
register();
const loads = [loadavg()];

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
  record('loginForm', 'once', 0, route.formShownMs);
  record('loginJs', 'once', 0, gzip / 1024);

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
    // Returns { seconds, rowsPerSec, p50, p99, max } (or nothing, in an older bench-import.mjs: then "—").
    const imported = await benchImport({ API, token: result.token, percentile });
    record('importSeconds', 'once', 0, imported?.seconds);
    record('importP99', 'once', 0, imported?.p99);
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}

const sizes = benchSizes();
if (process.env.BENCH_SKIP_LIST !== '1') {
  const { benchList } = await import('./bench-list.mjs');
  const engines = ['embedded'];
  if (process.env.BENCH_SKIP_PG === '1') remark('PostgreSQL: skipped (BENCH_SKIP_PG=1).');
  else {
    const why = await pgUnreachable();
    if (why) {
      console.log(`\nPostgreSQL: not reachable, skipped (${adminUrl().replace(/\/\/[^@/]*@/, '//…@')}: ${why})`);
      remark('PostgreSQL: not reachable, skipped.');
    } else engines.push('postgres');
  }
  for (const engine of engines)
    for (const [i, size] of sizes.entries()) {
      try {
        await benchList({ root, port: PORT + 10, password: PASSWORD, percentile, timed, fmt, waitFor, engine, size, pgUrl: adminUrl(), firstSize: i === 0 });
      } catch (error) {
        console.error(`\n${engine} ${sizeLabel(size)}: failed — ${error instanceof Error ? error.stack : error}`);
        remark(`${engine} ${sizeLabel(size)}: failed (${error instanceof Error ? error.message : error}).`);
      }
      loads.push(loadavg());
    }
}

if (process.env.BENCH_SKIP_FORMS !== '1') {
  // A 1,000-field form at run time and in the designer, a 1,000-node tree (issue 21), on a fresh database.
  const { benchForms } = await import('./bench-forms.mjs');
  const forms = await benchForms({ root, port: PORT + 2, password: PASSWORD, percentile, waitFor });
  record('formRuntime', 'once', 0, forms?.runtime);
  record('formDesigner', 'once', 0, forms?.designer);
  record('tree', 'once', 0, forms?.tree);
  loads.push(loadavg());
}

if (process.env.BENCH_SKIP_WORKFLOW !== '1') {
  // The time to advance 1,000 workflow instances one step (issue 18), in its own process.
  spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/bench-workflow.ts')], { cwd: root, stdio: 'inherit' });
}

if (process.env.BENCH_SKIP_BACKUP !== '1') {
  // Backup and restore of an embedded install (issue 16), in its own process.
  spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/bench-backup.ts')], { cwd: root, stdio: 'inherit' });
}

const load = (which) => Math.max(...loads.map((l) => l[which])).toFixed(1);
const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
printSummary(
  join(root, '.tmp', 'bench-summary.md'),
  `${when} UTC, this machine (${availableParallelism()} cores), load average up to ${load(0)} (1 min) / ${load(1)} (5 min) during the run; sizes ${sizes.map(sizeLabel).join(', ')}`,
);
