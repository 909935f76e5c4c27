/*
 * The bench's PostgreSQL databases: one per size (hope_bench_100k, hope_bench_1m …) on the server that
 * BENCH_DATABASE_URL points at (default postgres://<PGUSER or postgres>@127.0.0.1:5432/test, the database the
 * test suite uses, which is only connected to, to create the others beside it — never written). Each is seeded
 * once by seed:scale and marked by a one-row table bench_seed_marker, so later runs reuse it.
 */
import pg from 'pg';

export const adminUrl = (env = process.env) => env.BENCH_DATABASE_URL || `postgres://${env.PGUSER || 'postgres'}@127.0.0.1:5432/test`;

/** A connected client on `url`, or the reason none is reachable. */
async function connect(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return { client };
  } catch (error) {
    await client.end().catch(() => {});
    return { reason: error instanceof Error ? error.message : String(error) };
  }
}

/** null when reachable, else why not. */
export async function pgUnreachable(url = adminUrl()) {
  const { client, reason } = await connect(url);
  await client?.end();
  return reason ?? null;
}

const databaseName = (size) => `hope_bench_${size % 1_000_000 === 0 ? `${size / 1_000_000}m` : size % 1000 === 0 ? `${size / 1000}k` : size}`;

/** The size's database (created when missing) and the records it was seeded with (0 when never). */
export async function pgDatabase(size, url = adminUrl()) {
  const name = databaseName(size);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const { client, reason } = await connect(url);
  if (!client) throw new Error(`PostgreSQL at ${url}: ${reason}`);
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const db = new pg.Client({ connectionString: target.href });
  await db.connect();
  try {
    const { rows } = await db.query(`select to_regclass('bench_seed_marker') is not null as marked`);
    const seeded = rows[0].marked ? Number((await db.query('select coalesce(max(records), 0) as n from bench_seed_marker')).rows[0].n) : 0;
    return { url: target.href, name, seeded };
  } finally {
    await db.end();
  }
}

/** Notes that the database holds `size` seeded records (after seed:scale succeeded). */
export async function markPgSeeded(url, size) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await db.query('create table if not exists bench_seed_marker (records integer not null)');
    await db.query('delete from bench_seed_marker');
    await db.query('insert into bench_seed_marker values ($1)', [size]);
  } finally {
    await db.end();
  }
}
