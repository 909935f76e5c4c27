/*
 * The summary table `npm run bench` prints at its end (issue 21's figures and issue 16's import figures):
 * every figure with its goal, one column per database and size (BENCH_SIZES), the growth between the
 * smallest and the largest size, ours/raw SQL at the largest size, and whether the goal is met. The goals
 * are defined here once; the bench's parts call record() as they measure, and printSummary() prints the
 * table and writes it as Markdown to .tmp/bench-summary.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Every figure of the table, in order. `max`/`min`: the goal (per database when an object); `strict`: the
 * value must be below it; `once`: measured once, not per database and size (shown in the first column).
 */
const FIGURES = [
  { key: 'loginForm', figure: 'login form present (cold load, median of 5)', unit: 'ms', max: 500, once: true },
  { key: 'loginJs', figure: 'JS executed on the login page, gzip', unit: 'KB', max: 120, once: true },
  { key: 'list', figure: 'donation list page 1 with its total, p95 (admin)', unit: 'ms', max: 20 },
  { key: 'listScoped', figure: 'donation list page 1 with its total, p95 (本部门 user)', unit: 'ms', max: 20 },
  { key: 'tripsList', figure: 'SQL statements per request: list (most seen)', unit: '', max: 3 },
  { key: 'tripsReport', figure: 'SQL statements per request: report (most seen)', unit: '', max: 5 },
  { key: 'tripsDashboard', figure: 'SQL statements per request: dashboard (most seen)', unit: '', max: 10 },
  { key: 'deepPage', figure: 'deep page (pageNo ~5,000), p95', unit: 'ms', max: 20 },
  { key: 'month', figure: 'monthly donation report, p95 (admin)', unit: 'ms', max: 20 },
  { key: 'monthScoped', figure: 'monthly donation report, p95 (本部门 user)', unit: 'ms', max: 20 },
  { key: 'year', figure: 'yearly donation report, p95 (admin)', unit: 'ms', max: 50 },
  { key: 'yearScoped', figure: 'yearly donation report, p95 (本部门 user)', unit: 'ms', max: 50 },
  { key: 'dashboard', figure: 'analysis dashboard, p95 (admin)', unit: 'ms', max: 50 },
  { key: 'dashboardScoped', figure: 'analysis dashboard, p95 (本部门 user)', unit: 'ms', max: 50 },
  { key: 'rps', figure: 'list requests/s, 50 connections', unit: 'req/s', min: { embedded: 300, postgres: 1500 } },
  { key: 'rpsP95', figure: 'list p95 at 50 connections (no goal)', unit: 'ms' },
  { key: 'formRuntime', figure: '1,000-field form opens (runtime), median of 5', unit: 'ms', max: 1000, once: true },
  { key: 'formDesigner', figure: '1,000-field form opens (designer), median of 5', unit: 'ms', max: 1000, once: true },
  { key: 'listView', figure: '10,000-row list view opens, median of 5', unit: 'ms', max: 1000, once: true },
  { key: 'tree', figure: '1,000-node tree opens, median of 5', unit: 'ms', max: 1000, once: true },
  { key: 'importSeconds', figure: '10,000-row import (issue 16)', unit: 's', max: 10, once: true },
  { key: 'importP99', figure: "other requests' p99 during the import", unit: 'ms', max: 200, strict: true, once: true },
];
const BY_KEY = new Map(FIGURES.map((f) => [f.key, f]));
const DATABASES = [
  { db: 'embedded', title: 'embedded' },
  { db: 'postgres', title: 'PostgreSQL' },
];

/** The sizes the database figures run at: BENCH_SIZES ("100000,1000000"), or BENCH_RECORDS alone as before. */
export function benchSizes(env = process.env) {
  const text = env.BENCH_SIZES || (env.BENCH_RECORDS ? String(env.BENCH_RECORDS) : '100000,1000000');
  const sizes = text
    .split(',')
    .map((s) => Number(s.trim().replace(/_/g, '')))
    .filter((n) => Number.isInteger(n) && n > 0);
  return [...new Set(sizes)].sort((a, b) => a - b);
}

/** 100000 → 100k, 1000000 → 1M. */
export const sizeLabel = (n) => (n % 1_000_000 === 0 ? `${n / 1_000_000}M` : n % 1000 === 0 ? `${n / 1000}k` : String(n));

const values = new Map(); // `${key}|${db}|${size}` → value
const raws = new Map(); // the same → raw SQL value
const notes = new Map(); // key → text
const lines = []; // remarks printed under the table
const sizes = benchSizes();

const cell = (key, db, size) => `${key}|${db}|${size}`;
const check = (key) => {
  if (!BY_KEY.has(key)) throw new Error(`bench summary: no figure ${key}`);
};

/** A figure measured on `db` ('embedded' | 'postgres') at `size` records, or once (db 'once'). Undefined/NaN values are ignored. */
export function record(key, db, size, value) {
  check(key);
  if (value === undefined || value === null || Number.isNaN(value)) return;
  values.set(db === 'once' ? cell(key, 'once', 0) : cell(key, db, size), value);
}

/** The raw SQL answer to the same question as `key`, measured in the same run (ours/raw at the largest size). */
export function recordRaw(key, db, size, value) {
  check(key);
  if (value === undefined || Number.isNaN(value)) return;
  raws.set(cell(key, db, size), value);
}

/** A note beside a figure (printed under the table). */
export function note(key, text) {
  check(key);
  notes.set(key, text);
}

/** A line printed under the table (a database skipped, say). */
export const remark = (text) => lines.push(text);

const format = (v, unit) => {
  if (typeof v === 'string') return v;
  if (unit === 'ms') return `${v < 100 ? v.toFixed(1) : Math.round(v).toLocaleString('en')} ms`;
  if (unit === 'KB') return `${v.toFixed(1)} KB`;
  if (unit === 's') return `${v.toFixed(1)} s`;
  if (unit === 'req/s') return `${Math.round(v).toLocaleString('en')}/s`;
  return String(v);
};
const goalOf = (f, db) => (f.max !== undefined ? f.max : typeof f.min === 'object' ? f.min[db] : f.min);
const goalText = (f) => {
  const unit = (n) => format(n, f.unit);
  if (f.max !== undefined) return `${f.strict ? '<' : '≤'} ${unit(f.max)}`;
  if (typeof f.min === 'object') return `≥ ${unit(f.min.embedded)} emb, ≥ ${unit(f.min.postgres)} PG`;
  if (f.min !== undefined) return `≥ ${unit(f.min)}`;
  return '—';
};
const meets = (f, db, v) => {
  const goal = goalOf(f, db === 'once' ? 'embedded' : db);
  if (goal === undefined || typeof v !== 'number') return undefined;
  if (f.max !== undefined) return f.strict ? v < goal : v <= goal;
  return v >= goal;
};
const ratio = (a, b) => (typeof a === 'number' && typeof b === 'number' && b > 0 ? `×${(a / b).toFixed(2)}` : '—');

/** The table's rows: header first, every cell text. */
function table() {
  const header = ['figure', 'goal'];
  for (const { title } of DATABASES) {
    for (const s of sizes) header.push(`${title} ${sizeLabel(s)}`);
    if (sizes.length > 1) header.push('growth');
  }
  const largest = sizes.at(-1);
  header.push(`ours/raw (${sizeLabel(largest)})`, 'met?');
  const rows = [header];
  for (const f of FIGURES) {
    const row = [f.figure, goalText(f)];
    const verdicts = {};
    const once = values.get(cell(f.key, 'once', 0));
    for (const [d, { db }] of DATABASES.entries()) {
      const measured = sizes.map((s) => values.get(cell(f.key, db, s)));
      if (f.once) {
        sizes.forEach((_, i) => row.push(d === 0 && i === 0 && once !== undefined ? `${format(once, f.unit)} ¹` : '·'));
        if (sizes.length > 1) row.push('·');
        continue;
      }
      row.push(...measured.map((v) => (v === undefined ? '—' : format(v, f.unit))));
      if (sizes.length > 1) row.push(ratio(measured.at(-1), measured[0]));
      const checked = measured.map((v) => meets(f, db, v)).filter((m) => m !== undefined);
      if (checked.length) verdicts[db] = checked.every(Boolean);
    }
    if (f.once && once !== undefined) verdicts.once = meets(f, 'once', once);
    const ours = DATABASES.map(({ db }) => [db, ratio(values.get(cell(f.key, db, largest)), raws.get(cell(f.key, db, largest)))]).filter(([, r]) => r !== '—');
    row.push(ours.length ? ours.map(([db, r]) => (ours.length > 1 ? `${db === 'embedded' ? 'emb' : 'PG'} ${r}` : r)).join(', ') : '—');
    const given = Object.entries(verdicts).filter(([, v]) => v !== undefined);
    const all = given.map(([, v]) => v);
    row.push(
      !given.length
        ? '—'
        : all.every(Boolean)
          ? 'yes'
          : !all.some(Boolean)
            ? 'no'
            : given.map(([db, v]) => `${db === 'embedded' ? 'emb' : 'PG'} ${v ? 'yes' : 'no'}`).join(', '),
    );
    rows.push(row);
  }
  return rows;
}

const footnotes = () => [
  '¹ measured once (browser figures and the import: fresh embedded databases; the 10,000-row view on the first embedded size).',
  "growth: the largest size's value / the smallest's. ours/raw: the API's figure / the one SQL query answering the same question, timed in the bench process on the same database in the same run.",
  ...FIGURES.filter((f) => notes.has(f.key)).map((f) => `${f.figure}: ${notes.get(f.key)}`),
  ...lines,
];

/** Prints the table (aligned plain text) and writes it as Markdown to `markdownPath`. */
export function printSummary(markdownPath, heading = '') {
  const rows = table();
  const width = (s) => [...s].reduce((w, ch) => w + (/[\u3000-\u9fff\uff00-\uffef]/.test(ch) ? 2 : 1), 0);
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => width(r[c]))));
  const pad = (s, c) => s + ' '.repeat(widths[c] - width(s));
  console.log(`\n== summary${heading ? ` — ${heading}` : ''} ==`);
  for (const [i, r] of rows.entries()) {
    console.log(r.map(pad).join(' | '));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  }
  for (const line of footnotes()) console.log(line);
  if (markdownPath) {
    const md = [
      ...(heading ? [heading, ''] : []),
      `| ${rows[0].join(' | ')} |`,
      `|${rows[0].map(() => '---').join('|')}|`,
      ...rows.slice(1).map((r) => `| ${r.join(' | ')} |`),
      '',
      ...footnotes().map((l) => `${l}  `),
    ].join('\n');
    mkdirSync(dirname(markdownPath), { recursive: true });
    writeFileSync(markdownPath, `${md}\n`);
    console.log(`(also written as Markdown to ${markdownPath})`);
  }
}
