#!/usr/bin/env node
/*
 * `npm test`: the whole suite, in two rounds that each keep both cores busy: the type check, format check,
 * lint, dead-code check, Storybook build and client build beside the unit, component and API tests on the
 * embedded database; then the end-to-end tests in Debian's Chromium beside the API tests again on a real
 * PostgreSQL server (when one is reachable).
 * `npm test -- static|unit|pg|storybook|e2e` runs one part. Prints one closing line: 'tests: N passed, N failed, N skipped'.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tmp = join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const bin = (name) => join(root, 'node_modules', '.bin', name);
const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
/** Failed tests by name, printed next to the summary line: CI shows only the output's tail. */
const failures = [];
const firstLine = (text) =>
  String(text ?? '')
    .split('\n')
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 200) ?? '';

/** Each stage's wall time, printed at the end (CI must stay under 20 minutes). */
const stageTimes = [];
const started = Date.now();
const seconds = (ms) => `${Math.round(ms / 1000)} s`;

/** Records a finished stage: its time, its closing line, a problem when it failed. */
function stageEnded(title, t0, status, signal) {
  stageTimes.push([title, Date.now() - t0]);
  console.log(`=== ${title}: ${seconds(Date.now() - t0)}`);
  if (status !== 0) problems.push(`${title} (exit ${status ?? signal})`);
  return status === 0;
}

/**
 * A stage run beside others: its output is kept and printed in one piece when it ends, so that two
 * stages running at once do not interleave their lines.
 */
function runBeside(title, command, args, env = {}) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status, signal) => {
      console.log(`\n=== ${title}`);
      if (output.trim()) console.log(output.trimEnd());
      resolve(stageEnded(title, t0, status, signal));
    });
  });
}

/** A stage [title, command, args, env?, ended?] run beside others, then what it does once ended (counting its tests). */
async function beside([title, command, args, env, ended]) {
  await runBeside(title, command, args, env);
  ended?.();
}

/** Lanes run at once, each a list of stages run one after another: single-threaded tools share the two cores. */
async function lanes(...list) {
  const t0 = Date.now();
  await Promise.all(
    list.map(async (lane) => {
      for (const stage of lane) await beside(stage);
    }),
  );
  stageTimes.push([`(the stages above, side by side: wall time)`, Date.now() - t0]);
}

const TYPE_CHECK = ['type check (tsc --noEmit)', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']];
const LINT = ['lint (eslint, no warnings)', bin('eslint'), ['.', '--max-warnings', '0']];
// Dead code: unused files, exports and dependencies (knip.json says where the entry points are).
// Formatting: Prettier's check over the code (.prettierrc.json, .prettierignore); `npm run format` fixes it.
const FORMAT = ['format (prettier --check)', bin('prettier'), ['--check', '--log-level', 'warn', '.']];
const DEAD_CODE = ['dead code (knip: unused files, exports, dependencies)', bin('knip'), ['--no-progress']];
const STORYBOOK = ['Storybook build (every widget story compiles)', bin('storybook'), ['build', '-o', join(tmp, 'storybook-static'), '--quiet']];
const CLIENT_BUILD = ['client build (vite)', bin('vite'), ['build', '--logLevel', 'warn']];

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title}`);
  const t0 = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return stageEnded(title, t0, result.status, result.signal);
}

/*
 * The PostgreSQL pass runs the API files whose behaviour depends on the server: several processes, SQL
 * the engine builds (queries, counters, summaries, scope), migrations and restarts. The rest run on the
 * embedded database only (the same PostgreSQL, compiled to WebAssembly). PG_PASS=all runs every file.
 */
const PG_PASS_FILES = [
  'postgres-server',
  'grants-two-processes',
  'jobs-cluster',
  'publications-two-processes',
  'start-together',
  'restart',
  'schema-query',
  'schema-crud',
  'schema-counting',
  'choice-counts',
  'schema-stored',
  'schema-start',
  'report-summaries',
  'report-distinct',
  'rollups-incremental',
  'online-reports',
  'online-forms',
  'tenant',
  'reference-scope',
  'data-log-scope',
  'unique-per-tenant',
  'permissions',
  'system-access',
  'writer-hooks',
  'excel-runs',
  'id-nodes',
  'route-walk',
  'round-trips',
  'dashboard',
  'workflow',
  'workflow-processes',
  'backup',
  'unnest-rows',
].map((name) => `tests/api/${name}.test.ts`);

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function countVitest(file, title) {
  const report = readJson(file);
  if (!report) return problems.push(`${title}: no report`);
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  for (const suite of report.testResults ?? []) {
    const file = suite.name.replace(root, '');
    const failed = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) failures.push(`${title}: ${file} › ${test.fullName} — ${firstLine(test.failureMessages?.[0])}`);
    if (!failed.length && suite.status === 'failed') failures.push(`${title}: ${file} — ${firstLine(suite.message)}`);
  }
}

// eslint-disable-next-line no-control-regex -- the escape character is what the pattern is for
const ANSI_COLOUR = /\x1b\[[0-9;]*m/g;

function countPlaywright(file) {
  const report = readJson(file);
  if (!report) return problems.push('e2e: no report');
  totals.passed += report.stats.expected + report.stats.flaky;
  totals.failed += report.stats.unexpected;
  totals.skipped += report.stats.skipped;
  const walk = (suite, outer) => {
    const path = suite.title && suite.title !== suite.file ? [...outer, suite.title] : outer;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message;
        failures.push(`e2e: ${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')} — ${firstLine(error).replace(ANSI_COLOUR, '')}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, path);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
}

function ensureChromium() {
  const hasChromium = existsSync('/usr/bin/chromium');
  const hasCjkFont = spawnSync('sh', ['-c', 'fc-list 2>/dev/null | grep -qi "Noto Sans CJK"']).status === 0;
  if (hasChromium && hasCjkFont) return;
  console.log('\n=== installing Debian chromium and fonts-noto-cjk (apt-get)');
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  spawnSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (!existsSync('/usr/bin/chromium')) problems.push('chromium could not be installed');
}

/** A PostgreSQL server for the second API pass: TEST_DATABASE_URL, or the local one if it answers. */
async function postgresUrl() {
  const candidate = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: candidate, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return candidate;
  } catch (error) {
    if (process.env.TEST_DATABASE_URL || process.env.CI) problems.push(`PostgreSQL at ${candidate} not reachable: ${error.message}`);
    console.log(`\n(PostgreSQL at ${candidate} not reachable: the second API pass is skipped)`);
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

const only = process.argv[2];

if (only === 'static') await lanes([TYPE_CHECK, FORMAT], [LINT, DEAD_CODE]);
if (only === 'storybook') run(...STORYBOOK);

/**
 * A Vitest run on the embedded database (even where TEST_DATABASE_URL is set: CI exports it for the
 * PostgreSQL pass) of the given projects of vitest.config.ts (all of them when none is given).
 */
function embeddedVitest(name, projects = []) {
  const out = join(tmp, `vitest-${name.replace(/\W+/g, '-')}.json`);
  rmSync(out, { force: true });
  const args = ['run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
  return [`${name} tests (embedded PostgreSQL)`, bin('vitest'), args, { TEST_DATABASE_URL: '' }, () => countVitest(out, name)];
}

if (only === 'unit') {
  const [title, command, args, env, count] = embeddedVitest('unit, component and API');
  run(title, command, args, env);
  count();
}

/** The API files again on the PostgreSQL server (see PG_PASS_FILES); `workers` caps vitest's. */
async function postgresPass(workers) {
  const url = await postgresUrl();
  if (!url) return;
  const out = join(tmp, 'vitest-postgres.json');
  rmSync(out, { force: true });
  const files = process.env.PG_PASS === 'all' ? [] : PG_PASS_FILES.filter((f) => existsSync(join(root, f)));
  const title = `API tests (PostgreSQL server ${url.replace(/\/\/[^@]*@/, '//')})`;
  const args = ['run', '--project', 'api', ...files, `--maxWorkers=${workers}`, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
  await runBeside(title, bin('vitest'), args, { TEST_DATABASE_URL: url });
  countVitest(out, 'api on PostgreSQL');
}

function endToEnd() {
  ensureChromium();
  if (only === 'e2e') run(...CLIENT_BUILD);
  const out = join(tmp, 'playwright.json');
  rmSync(out, { force: true });
  const t0 = Date.now();
  return new Promise((resolve) => {
    // In the foreground: its lines as they come (a CI log cut short still shows how far it got).
    const child = spawn(bin('playwright'), ['test', '--reporter=list,json'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    });
    child.on('close', (status, signal) => {
      stageEnded('end-to-end tests (Chromium)', t0, status, signal);
      countPlaywright(out);
      resolve();
    });
  });
}

if (only === 'pg') await postgresPass(2);
if (only === 'e2e') await endToEnd();
if (!only) {
  /*
   * Two rounds, each filling both cores: single-threaded tools and Chromium leave some idle (a fifth of the
   * cores between an end-to-end test's steps, measured). First the checks and the two builds beside the unit,
   * component and API tests on the embedded database; then the end-to-end tests beside the PostgreSQL pass (one
   * file at a time, its output in one piece when it ends), then the unit tests there too: in the first round they
   * ran last, alone, 46 s of mostly one busy core (each file imports its modules afresh), and in Node alone they
   * leave Chromium its cores. The component tests beside the end-to-end ones instead made those 150 s slower
   * (rendering in jsdom wants the same cores as Chromium).
   */
  await lanes([TYPE_CHECK, FORMAT], [LINT, DEAD_CODE, STORYBOOK, CLIENT_BUILD], [embeddedVitest('component and API', ['component', 'api'])]);
  const t0 = Date.now();
  await Promise.all([
    endToEnd(),
    (async () => {
      await postgresPass(1);
      await beside(embeddedVitest('unit', ['unit']));
    })(),
  ]);
  stageTimes.push([`(the stages above, side by side: wall time)`, Date.now() - t0]);
}

console.log('\nstage times:');
for (const [title, ms] of stageTimes) console.log(`  ${seconds(ms).padStart(6)}  ${title}`);
console.log(`  ${seconds(Date.now() - started).padStart(6)}  total`);
console.log('');
for (const f of failures) console.log(`failed: ${f}`);
for (const p of problems) console.log(`problem: ${p}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(problems.length || totals.failed ? 1 : 0);
