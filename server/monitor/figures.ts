import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import si from 'systeminformation';
import type { DatabaseFigures, DiskFigures, RuntimeFigures, SystemFigures } from '../../src/core/monitor-types.ts';
import type { DbKind } from '../db/connect.ts';
import type { DB } from '../db/schema.ts';
import type { ProcessMetrics } from './metrics.ts';
import { MB, megabytes, round } from './units.ts';

/* The figures of the monitoring screens, read live: Node.js runtime, system, disks, database. */

export function runtimeFigures(metrics: ProcessMetrics): RuntimeFigures {
  const memory = process.memoryUsage();
  const loop = metrics.loop;
  return {
    node: process.version,
    pid: process.pid,
    uptimeSeconds: Math.round(process.uptime()),
    heapUsedMb: megabytes(memory.heapUsed),
    heapTotalMb: megabytes(memory.heapTotal),
    rssMb: megabytes(memory.rss),
    externalMb: megabytes(memory.external),
    eventLoopDelayMs: { p50: round(loop.percentile(50) / 1e6, 2), p99: round(loop.percentile(99) / 1e6, 2), max: round(loop.max / 1e6, 2) },
    activeResources: process.getActiveResourcesInfo().length,
    requests: metrics.requestCount,
  };
}

export async function systemFigures(): Promise<SystemFigures> {
  const [os, cpu, load, mem, time, processes] = await Promise.all([
    si.osInfo(),
    si.cpu(),
    si.currentLoad(),
    si.mem(),
    Promise.resolve(si.time()),
    si.processes(),
  ]);
  return {
    os: `${os.distro} ${os.release} (${os.arch})`,
    hostname: os.hostname,
    cpu: `${cpu.manufacturer} ${cpu.brand}`,
    cores: cpu.cores,
    loadPercent: round(load.currentLoad),
    loadAverage: load.avgLoad,
    memoryTotalMb: Math.round(mem.total / MB),
    memoryUsedMb: Math.round((mem.total - mem.available) / MB),
    uptimeSeconds: Math.round(Number(time.uptime)),
    processes: { all: processes.all, running: processes.running, sleeping: processes.sleeping, blocked: processes.blocked },
  };
}

/** Bytes under a directory (the data directory, the uploads): a bounded walk. */
function sizeOf(dir: string, budget = { files: 200_000 }): number {
  let total = 0;
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of entries) {
    if (--budget.files < 0) break;
    const path = join(dir, name);
    try {
      const st = statSync(path);
      total += st.isDirectory() ? sizeOf(path, budget) : st.size;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

export async function diskFigures(dataDir: string): Promise<DiskFigures> {
  const filesystems = (await si.fsSize()).map((f) => ({
    fs: f.fs,
    mount: f.mount,
    type: f.type,
    sizeMb: Math.round(f.size / MB),
    usedMb: Math.round(f.used / MB),
    freeMb: Math.round(f.available / MB),
    usePercent: round(f.use),
  }));
  return { filesystems, dataDirMb: megabytes(sizeOf(dataDir)), uploadsMb: megabytes(sizeOf(join(dataDir, 'upload'))) };
}

export async function databaseFigures(db: Kysely<DB>, kind: DbKind): Promise<DatabaseFigures> {
  const version = (await sql<{ v: string }>`select version() as v`.execute(db)).rows[0]?.v ?? '';
  const tables = (
    await sql<{ name: string; bytes: number; rows: number }>`
      select c.relname as name, pg_total_relation_size(c.oid)::bigint as bytes,
        -- live rows as the statistics collector counts them, or the last ANALYZE's count when that is
        -- higher: statistics start from zero after a restart that did not shut down cleanly
        greatest(coalesce(st.n_live_tup, 0), c.reltuples, 0)::bigint as rows
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      left join pg_stat_user_tables st on st.relid = c.oid
      where c.relkind = 'r' and n.nspname = current_schema()
      -- by name among equal sizes, so that a screen refreshed every few seconds keeps its order
      order by pg_total_relation_size(c.oid) desc, c.relname limit 30`.execute(db)
  ).rows.map((t) => ({ name: t.name, sizeKb: Math.round(Number(t.bytes) / 1024), rowEstimate: Number(t.rows) }));
  const connections =
    kind === 'postgres'
      ? Number((await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database()`.execute(db)).rows[0]?.n ?? 0)
      : 1;
  const sizeMb = megabytes(Number((await sql<{ b: number }>`select pg_database_size(current_database())::bigint as b`.execute(db)).rows[0]?.b ?? 0));
  return { engine: kind === 'pglite' ? '嵌入式 PostgreSQL (PGlite)' : 'PostgreSQL', version, sizeMb, connections, tables };
}
