/*
 * The database half of `npm run bench`, at one size on one database (run by bench.mjs for every size of
 * BENCH_SIZES, embedded and on PostgreSQL): a database holding `size` donation records (embedded: seeded once
 * into .tmp/bench-scale-<size>, marked by its seeded-records.txt; PostgreSQL: hope_bench_<size> beside
 * BENCH_DATABASE_URL, bench-pg.mjs), then
 *   - the raw SQL answering the bench's questions, timed in this process before the server starts
 *     (bench-raw.mjs);
 *   - the donation list API: the fixed cases printed since issue 15 (default page, filtered and sorted, a
 *     substring search, deep page 5,000), then page 1 with its total under filters in turn, as admin and as a
 *     本部门 user, and pages around 5,000, a donation added through the API every WRITE_EVERY reads, with the
 *     statements per request (x-db-round-trips, COUNT_ROUND_TRIPS=true);
 *   - the report and dashboard figures (bench-reports.mjs);
 *   - list requests/s at 50 connections (bench-load.mjs), on as many server processes as cores on PostgreSQL
 *     (one JWT_SECRET; one process only on an embedded directory);
 *   - on the embedded database, the list screen's render time in Chromium and (at the first size) a
 *     10,000-row list view.
 * The donations it adds are deleted again.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { listLoad } from './bench-load.mjs';
import { markPgSeeded, pgDatabase } from './bench-pg.mjs';
import { deepPageNo, listCases, someActivities, timeRaw } from './bench-raw.mjs';
import { note, record, recordRaw, sizeLabel } from './bench-summary.mjs';

const WRITE_EVERY = 10;
const DEPT_USER = { username: 'bench_dept', realname: '压测部门读者', roleCode: 'bench_dept_reader', password: 'Staff#2026a' };

/** Seeds the size's database once; returns the server environment for it. */
async function prepare({ root, engine, size, password, pgUrl }) {
  const base = { ...process.env, COUNT_ROUND_TRIPS: 'true', ADMIN_PASSWORD: password, LOGIN_RATE_LIMIT: '100000' };
  let env;
  let have;
  let mark;
  if (engine === 'embedded') {
    const dataDir = process.env.BENCH_DATA_DIR ? `${process.env.BENCH_DATA_DIR}-${size}` : join(root, '.tmp', `bench-scale-${size}`);
    const marker = join(dataDir, 'seeded-records.txt');
    mkdirSync(dataDir, { recursive: true });
    env = { ...base, DATA_DIR: dataDir, DATABASE_URL: '' };
    have = existsSync(marker) ? Number(readFileSync(marker, 'utf8')) : 0;
    mark = () => writeFileSync(marker, String(size));
  } else {
    const target = await pgDatabase(size, pgUrl);
    const dataDir = join(root, '.tmp', `bench-pg-${size}`);
    mkdirSync(dataDir, { recursive: true });
    env = { ...base, DATA_DIR: dataDir, DATABASE_URL: target.url };
    have = target.seeded;
    mark = () => markPgSeeded(target.url, size);
  }
  if (have < size) {
    console.log(`\nseeding ${size.toLocaleString()} donation records into the ${engine} database (once; later runs reuse it)…`);
    const t = performance.now();
    const seeded = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/seed-scale.ts'), String(size)], {
      cwd: root,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (seeded.status !== 0) throw new Error('seed:scale failed');
    await mark();
    console.log(`seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  return env;
}

/** The raw SQL figures, in this process, before the server opens the database. */
async function rawFigures({ env, timed }) {
  const { openDatabase } = await import('../server/db/connect.ts');
  const database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL || undefined });
  try {
    const activities = await someActivities(database.db);
    const raw = await timeRaw(database.db, { activities, timed });
    return { activities, raw };
  } finally {
    await database.close();
  }
}

function startServers({ root, env, ports }) {
  return ports.map((port) =>
    spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
      cwd: root,
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
}

/** An API client of one server: answers with the statements the request took. */
function client(base) {
  return async (method, path, token, body) => {
    const res = await fetch(`${base}/hope-boot/${path}`, {
      method,
      headers: { ...(token ? { 'X-Access-Token': token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const trips = Number(res.headers.get('x-db-round-trips'));
    const json = await res.json();
    if (!json.success) throw new Error(`${path}: ${json.message}`);
    return { result: json.result, trips };
  };
}

/** The 本部门 reader, made through the API the first time (a data rule on 捐赠记录, a role, a user of the records' department). */
async function departmentReader(call, admin) {
  const login = () => call('POST', 'sys/login', null, { username: DEPT_USER.username, password: DEPT_USER.password });
  try {
    return (await login()).result.token;
  } catch {
    // not made yet
  }
  const { result: menus } = await call('GET', 'sys/permission/list', admin);
  const flat = [];
  const walk = (nodes) => nodes?.forEach((n) => (flat.push(n), walk(n.children)));
  walk(menus);
  const byPath = (path) => flat.find((m) => m.path === path);
  const area = byPath('/donation');
  const list = byPath('/donation/record');
  const report = byPath('/donation/record/report/summary');
  if (!area || !list || !report) throw new Error('bench: the donation menus were not found in /sys/permission/list');
  const rule = await call('POST', 'sys/permission/addPermissionRule', admin, {
    permissionId: list.id,
    ruleName: '本部门',
    ruleColumn: 'sys_org_code',
    ruleConditions: '=',
    ruleValue: '#{sys_org_code}',
  });
  const permissions = [area.id, list.id, report.id, `rule:${rule.result.id}`].join(',');
  const role = await call('POST', 'system/role/add', admin, { roleName: DEPT_USER.realname, roleCode: DEPT_USER.roleCode, permissions });
  const { result: tree } = await call('GET', 'sys/sysDepart/queryTreeList', admin);
  const departs = [];
  const walkDeparts = (nodes) => nodes?.forEach((n) => (departs.push(n), walkDeparts(n.children)));
  walkDeparts(tree);
  // The seeded records' department.
  const depart = departs.find((d) => d.orgCode === 'A01');
  if (!depart) throw new Error('bench: department A01 not found');
  await call('POST', 'sys/user/add', admin, {
    username: DEPT_USER.username,
    realname: DEPT_USER.realname,
    password: DEPT_USER.password,
    selectedroles: [role.result.id],
    selecteddeparts: [depart.id],
  });
  return (await login()).result.token;
}

/** Reads `n` times (read(i) → statements), writing through `write` every WRITE_EVERY reads, outside the timing. */
async function readsWithWrites(n, read, write, percentile) {
  const samples = [];
  let trips = 0;
  for (let i = 0; i < n; i++) {
    if (i > 0 && i % WRITE_EVERY === 0) await write();
    const t = performance.now();
    trips = Math.max(trips, (await read(i)) || 0);
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return { n, p50: percentile(samples, 50), p95: percentile(samples, 95), trips };
}

async function browserFigures({ base, password, percentile, call, admin, tenThousand }) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/#/user/login`);
    await page.getByPlaceholder('请输入用户名').fill('admin');
    await page.getByPlaceholder('请输入密码').fill(password);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/dashboard\/analysis/);
    // `fresh`: from a reloaded dashboard, so no list kept open in a tab from the run before stands in for it.
    const open = async (rows, fresh = false) => {
      const runs = [];
      for (let i = 0; i < 5; i++) {
        await page.goto(`${base}/#/dashboard/analysis`);
        if (fresh) await page.reload();
        await page.waitForLoadState('networkidle');
        const t = Date.now();
        await page.goto(`${base}/#/donation/record`);
        await page
          .locator(`${fresh ? '.data-table-wrap.virtual ' : ''}[data-testid="data-table"] tbody tr`)
          .nth(rows - 1)
          .waitFor({ timeout: 120_000 });
        runs.push(Date.now() - t);
      }
      runs.sort((a, b) => a - b);
      return { median: percentile(runs, 50), runs };
    };
    const ten = await open(10);
    console.log(`  list screen in Chromium, navigation → 10 rows shown: median ${ten.median} ms (of 5, warm; runs ${ten.runs.join(', ')})`);
    if (!tenThousand) return undefined;
    // The screen's pages are 10/20/30 rows and the server's at most 1,000: its list request is answered
    // with 10,000 real records, read beforehand, so the table itself (virtual from 100 rows) gets 10,000.
    const records = [];
    for (let p = 1; p <= 10; p++)
      records.push(...(await call('GET', `donation/record/list?pageNo=${p}&pageSize=1000&column=createTime&order=desc`, admin)).result.records);
    const body = JSON.stringify({
      success: true,
      message: '',
      code: 200,
      result: { records, total: records.length, size: records.length, current: 1, pages: 1 },
      timestamp: Date.now(),
    });
    await page.route(/\/donation\/record\/list\?/, (route) => route.fulfill({ status: 200, contentType: 'application/json', body }));
    const big = await open(20, true);
    await page.unroute(/\/donation\/record\/list\?/);
    console.log(
      `  list screen with ${records.length.toLocaleString()} rows (the list request answered with them, ${(body.length / 1e6).toFixed(1)} MB of JSON), reloaded dashboard, navigation → first 20 rows of the virtual table shown: ` +
        `median ${big.median} ms (of 5; runs ${big.runs.join(', ')})  goal ≤ 1 s`,
    );
    return records.length >= 10_000 ? big.median : undefined;
  } finally {
    await browser.close();
  }
}

export async function benchList({ root, port, password, percentile, timed, fmt, waitFor, engine = 'embedded', size, pgUrl, firstSize = true }) {
  const env = await prepare({ root, engine, size, password, pgUrl });
  const label = `${engine === 'embedded' ? 'embedded PostgreSQL (PGlite)' : 'PostgreSQL'}, ${sizeLabel(size)}`;

  console.log(`\n=== ${label}: raw SQL in the bench process (before the server opens the database) ===`);
  const { activities, raw } = await rawFigures({ env, timed });
  for (const [key, r] of Object.entries(raw)) console.log(`  raw ${key.padEnd(12)} n=${r.n}  p50 ${fmt(r.p50)}  p95 ${fmt(r.p95)}`);
  for (const key of ['list', 'deepPage', 'month', 'year', 'dashboard']) recordRaw(key, engine, size, raw[key].p95);
  for (const key of ['list', 'month', 'year', 'dashboard']) recordRaw(`${key}Scoped`, engine, size, raw[key].p95);

  const processes = engine === 'postgres' ? Math.max(1, Number(process.env.BENCH_PG_PROCESSES || availableParallelism())) : 1;
  const ports = Array.from({ length: processes }, (_, k) => port + k);
  const servers = startServers({ root, env: { ...env, JWT_SECRET: randomBytes(32).toString('hex') }, ports });
  const base = `http://127.0.0.1:${port}`;
  const call = client(base);
  const added = [];
  let admin;
  try {
    for (const p of ports) await waitFor(`http://127.0.0.1:${p}/runtime-config.js`);
    admin = (await call('POST', 'sys/login', null, { username: 'admin', password })).result.token;
    const scoped = await departmentReader(call, admin);
    const list = (query, token = admin) => call('GET', `donation/record/list?${query}`, token);
    const first = (await list('pageNo=1&pageSize=10')).result;
    console.log(
      `\n=== ${label}: donation list on ${first.total.toLocaleString()} records (totals from the row counter, exact under 20,000 matches, else the planner estimate) ===`,
    );

    // A paid donation added through the API, between reads.
    let w = 0;
    const write = async () => {
      w += 1;
      const { result } = await call('POST', 'donation/record/add', admin, {
        donorType: '1',
        donorName: `压测写入${w % 50}`,
        activityId: activities[w % activities.length],
        amount: 10 + (w % 90),
        payMethod: String(1 + (w % 5)),
        payStatus: '2',
        payTime: new Date().toISOString().slice(0, 19).replace('T', ' '),
      });
      added.push(result.id);
    };

    const cases = [
      ['default page (createTime desc)', 'pageNo=1&pageSize=10&column=createTime&order=desc'],
      ['filtered + sorted (paid, amount 100–300, by amount)', 'pageNo=1&pageSize=10&payStatus=2&amount_begin=100&amount_end=300&column=amount&order=desc'],
      [
        'filtered by activity + pay method, by pay time',
        `pageNo=1&pageSize=10&activityId=${encodeURIComponent(activities[0])}&payMethod=1,2&column=payTime&order=desc`,
      ],
      ['substring search donorName=*张*', 'pageNo=1&pageSize=10&donorName=*%E5%BC%A0*'],
      ['deep page 5,000', 'pageNo=5000&pageSize=10&column=createTime&order=desc'],
    ];
    for (const [title, query] of cases) {
      let trips = 0;
      await list(query);
      const r = await timed(30, async () => (trips = (await list(query)).trips));
      console.log(`  ${title.padEnd(52)} n=${r.n}  p50 ${fmt(r.p50)}  p95 ${fmt(r.p95)}  database round trips ${trips} (goal ≤ 3)`);
    }

    // Page 1 with its total under the filters in turn (the raw SQL asked the same), a write every WRITE_EVERY reads.
    const filters = listCases(activities).map((c) => c.query);
    const pageOne = (token) => (i) =>
      list(`pageNo=1&pageSize=10&column=createTime&order=desc${filters[i % filters.length] ? `&${filters[i % filters.length]}` : ''}`, token).then(
        (r) => r.trips,
      );
    for (const [key, who, token] of [
      ['list', 'admin', admin],
      ['listScoped', '本部门 user', scoped],
    ]) {
      for (let i = 0; i < filters.length; i++) await pageOne(token)(i);
      const r = await readsWithWrites(40, pageOne(token), write, percentile);
      console.log(
        `  page 1 + total, ${filters.length} filters in turn, ${who.padEnd(12)} n=${r.n}  p50 ${fmt(r.p50)}  p95 ${fmt(r.p95)}  statements ≤ ${r.trips}  (raw SQL p95 ${fmt(raw.list.p95)})`,
      );
      record(key, engine, size, r.p95);
      if (key === 'list') record('tripsList', engine, size, r.trips);
    }
    const deep = await readsWithWrites(
      30,
      (i) => list(`pageNo=${deepPageNo(i)}&pageSize=10&column=createTime&order=desc`).then((r) => r.trips),
      write,
      percentile,
    );
    console.log(
      `  pages 4,990–5,010 in turn, admin                   n=${deep.n}  p50 ${fmt(deep.p50)}  p95 ${fmt(deep.p95)}  statements ≤ ${deep.trips}  (raw SQL p95 ${fmt(raw.deepPage.p95)})`,
    );
    record('deepPage', engine, size, deep.p95);

    if (process.env.BENCH_SKIP_REPORTS !== '1') {
      const { benchReports } = await import('./bench-reports.mjs');
      await benchReports({ token: admin, scoped, timed, fmt, percentile, call, write, readsWithWrites, engine, size, raw });
    }

    const load = await listLoad({ ports, token: admin, queries: filters, percentile });
    console.log(
      `  list requests at 50 connections, ${processes} server process${processes > 1 ? 'es' : ''}: ${Math.round(load.rps)} req/s  p50 ${fmt(load.p50)}  p95 ${fmt(load.p95)}  (n=${load.n}, 10 s)`,
    );
    record('rps', engine, size, load.rps);
    record('rpsP95', engine, size, load.p95);
    if (engine === 'postgres')
      note(
        'rps',
        `PostgreSQL: ${processes} server processes (one per core), one JWT_SECRET, the client round-robin over their ports; each process's pg pool holds at most 10 connections (server/db/connect.ts). Embedded: one process (one per data directory).`,
      );

    if (engine === 'embedded' && process.env.BENCH_SKIP_BROWSER !== '1') {
      const view = await browserFigures({ base, password, percentile, call, admin, tenThousand: firstSize });
      record('listView', 'once', size, view);
    }
  } finally {
    try {
      for (let k = 0; k < added.length; k += 500) await call('DELETE', `donation/record/deleteBatch?ids=${added.slice(k, k + 500).join(',')}`, admin);
    } catch (error) {
      console.log(`  (could not delete the ${added.length} donations added: ${error.message})`);
    }
    for (const s of servers) s.kill('SIGTERM');
    await Promise.all(servers.map((s) => (s.exitCode !== null ? undefined : new Promise((r) => s.once('exit', r)))));
  }
}
