/*
 * The list half of `npm run bench`: a database with BENCH_RECORDS donation records (seeded once into
 * .tmp/bench-scale, reused afterwards), then p50/p95 of the donation list API (default page, filtered
 * and sorted, a substring search, deep page 5,000), the report and dashboard figures (bench-reports.mjs)
 * and the list screen's render time in Chromium.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export async function benchList({ root, port, password, percentile, timed, fmt, waitFor }) {
  const records = Number(process.env.BENCH_RECORDS || 1_000_000);
  const dataDir = process.env.BENCH_DATA_DIR || join(root, '.tmp', 'bench-scale');
  const marker = join(dataDir, 'seeded-records.txt');
  const env = {
    ...process.env,
    COUNT_ROUND_TRIPS: 'true',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: password,
    LOGIN_RATE_LIMIT: '100000',
    DATABASE_URL: '',
    PORT: String(port),
  };
  mkdirSync(dataDir, { recursive: true });
  const have = existsSync(marker) ? Number(readFileSync(marker, 'utf8')) : 0;
  if (have < records) {
    console.log(`\nseeding ${records.toLocaleString()} donation records into ${dataDir} (once; later runs reuse it)…`);
    const t = performance.now();
    const seeded = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/seed-scale.ts'), String(records)], {
      cwd: root,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (seeded.status !== 0) throw new Error('seed:scale failed');
    writeFileSync(marker, String(records));
    console.log(`seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }

  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/runtime-config.js`);
    const login = await (
      await fetch(`${base}/hope-boot/sys/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password }),
      })
    ).json();
    const token = login.result.token;
    let trips = 0;
    const list = async (query) => {
      const res = await fetch(`${base}/hope-boot/donation/record/list?${query}`, { headers: { 'X-Access-Token': token } });
      trips = Number(res.headers.get('x-db-round-trips'));
      const body = await res.json();
      if (!body.success) throw new Error(body.message);
      return body.result;
    };
    const first = await list('pageNo=1&pageSize=10');
    console.log(
      `\ndonation list on ${first.total.toLocaleString()} records (embedded PostgreSQL; totals from the row counter, exact under 20,000 matches, else the planner estimate)`,
    );
    const cases = [
      ['default page (createTime desc)', 'pageNo=1&pageSize=10&column=createTime&order=desc'],
      ['filtered + sorted (paid, amount 100–300, by amount)', 'pageNo=1&pageSize=10&payStatus=2&amount_begin=100&amount_end=300&column=amount&order=desc'],
      [
        'filtered by activity + pay method, by pay time',
        `pageNo=1&pageSize=10&activityId=${encodeURIComponent(first.records[0].activityId)}&payMethod=1,2&column=payTime&order=desc`,
      ],
      ['substring search donorName=*张*', 'pageNo=1&pageSize=10&donorName=*%E5%BC%A0*'],
      ['deep page 5,000', 'pageNo=5000&pageSize=10&column=createTime&order=desc'],
    ];
    for (const [title, query] of cases) {
      await list(query);
      const r = await timed(30, () => list(query));
      console.log(`  ${title.padEnd(52)} n=${r.n}  p50 ${fmt(r.p50)}  p95 ${fmt(r.p95)}  database round trips ${trips} (goal ≤ 3)`);
    }

    if (process.env.BENCH_SKIP_REPORTS !== '1') {
      const { benchReports } = await import('./bench-reports.mjs');
      await benchReports({ base, token, timed, fmt });
    }

    const { chromium } = await import('@playwright/test');
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const page = await browser.newPage();
    await page.goto(`${base}/#/user/login`);
    await page.getByPlaceholder('请输入用户名').fill('admin');
    await page.getByPlaceholder('请输入密码').fill(password);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/dashboard\/analysis/);
    const renders = [];
    for (let i = 0; i < 5; i++) {
      await page.goto(`${base}/#/dashboard/analysis`);
      await page.waitForLoadState('networkidle');
      const t = Date.now();
      await page.goto(`${base}/#/donation/record`);
      await page.locator('[data-testid="data-table"] tbody tr').nth(9).waitFor({ timeout: 120_000 });
      renders.push(Date.now() - t);
    }
    await browser.close();
    renders.sort((a, b) => a - b);
    console.log(`  list screen in Chromium, navigation → 10 rows shown: median ${percentile(renders, 50)} ms (of 5, warm)`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}
