import { Kysely, PostgresDialect } from 'kysely';
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { blankCluster, dropBlankCluster, keepBlankCluster } from './blank-cluster.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { claimIdNode, type IdNode } from './id-node.ts';
import { SlowStatements } from '../monitor/slow-statements.ts';
import { CountingDialect, WriteWatch } from './round-trips.ts';
import { type ParsedAs, PGliteThread, PGliteThreadDialect } from './pglite-thread.ts';
import type { DB } from './schema.ts';

export type DbKind = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  kind: DbKind;
  /** Writes by table, whatever code sent them (caches listen). */
  writes: WriteWatch;
  /** Statements at or over the slow threshold, timed as they are sent (监控中心's 慢语句). */
  statements: SlowStatements;
  /** The number this process's ids end with, held on this PostgreSQL database (id-node.ts); absent when embedded. */
  idNode?(): number;
  /** The embedded database's whole cluster as one file (PGlite's dumpDataDir); absent on a PostgreSQL server. */
  image?(): Promise<Blob>;
  close(): Promise<void>;
}

/*
 * Both drivers hand back the same JavaScript shapes: timestamps and dates as the text PostgreSQL
 * prints ('2026-01-02 03:04:05', the API's own format), int8 and numeric as numbers. Without this
 * PGlite and pg disagree (Date vs string, string vs number) and code would differ per driver.
 */
const OID = { INT8: 20, NUMERIC: 1700, DATE: 1082, TIMESTAMP: 1114, TIMESTAMPTZ: 1184 } as const;
const PARSED_AS: Record<number, ParsedAs> = {
  [OID.INT8]: 'number',
  [OID.NUMERIC]: 'number',
  [OID.DATE]: 'text',
  [OID.TIMESTAMP]: 'text',
  [OID.TIMESTAMPTZ]: 'text',
};
const asText = (v: string) => v;
const asNumber = (v: string) => (v === null ? null : Number(v));
const parsers: Record<number, (v: string) => unknown> = Object.fromEntries(
  Object.entries(PARSED_AS).map(([oid, as]) => [oid, as === 'number' ? asNumber : asText]),
);

/**
 * PGlite's thread on `dir`; a new directory (`blank`) starts from the kept empty cluster (blank-cluster.ts),
 * or, where none is kept yet, runs initdb and keeps its result for the next one.
 */
async function openThread(dir: string | undefined, blank: boolean, image?: Blob | Uint8Array, sharedBuffers?: string): Promise<PGliteThread> {
  if (!blank) return PGliteThread.open({ dataDir: dir, image, parsers: PARSED_AS, sharedBuffers });
  const kept = blankCluster();
  if (kept) {
    try {
      return await PGliteThread.open({ dataDir: dir, image: kept, parsers: PARSED_AS, sharedBuffers });
    } catch (error) {
      dropBlankCluster();
      rmSync(dir!, { recursive: true, force: true });
      console.warn(`空白数据库映像无法打开（${error instanceof Error ? error.message : error}），改为重新初始化`);
    }
  }
  const thread = await PGliteThread.open({ dataDir: dir, parsers: PARSED_AS, sharedBuffers });
  await keepBlankCluster(await thread.image());
  return thread;
}

/**
 * `image`: start from another embedded database's image() instead of running initdb — in memory, or in a
 * data directory that holds no database yet (one that does is opened as it is). The API tests start each
 * server from one migrated, seeded image, and each new data directory from an empty cluster's image,
 * rather than running initdb (10–15 s on a 2-core machine), the migrations and the seed every time.
 * `sharedBuffers`: the embedded database's shared_buffers, when not PostgreSQL's 128MB (pglite-thread.ts).
 */
export async function openDatabase(opts: {
  dataDir?: string;
  databaseUrl?: string;
  inMemory?: boolean;
  image?: Blob | Uint8Array;
  sharedBuffers?: string;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pg = await import('pg');
    const pool = new pg.default.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      // The text parsers above expect ISO dates; a server or database set to another DateStyle
      // ('SQL, DMY', 'German' …) would otherwise change the API's format and break the lockout's clock.
      options: '-c DateStyle=ISO,YMD',
      types: { getTypeParser: ((oid: number, format?: string) => parsers[oid] ?? pg.default.types.getTypeParser(oid, format as 'text')) as never },
    });
    // An idle connection the server ends (restart, failover, a dropped database) is discarded by the
    // pool; without a listener its 'error' event would crash the process.
    pool.on('error', (error) => console.warn(`PostgreSQL: idle connection lost (${error.message})`));
    const writes = new WriteWatch();
    const statements = new SlowStatements();
    const db = new Kysely<DB>({ dialect: new CountingDialect(new PostgresDialect({ pool }), writes, statements) });
    let idNode: IdNode;
    try {
      idNode = await claimIdNode(opts.databaseUrl);
    } catch (error) {
      await db.destroy();
      throw error;
    }
    const close = async () => {
      await idNode.release();
      await db.destroy();
    };
    return { db, kind: 'postgres', writes, statements, idNode: () => idNode.node, close };
  }
  const dir = opts.inMemory ? undefined : resolve(opts.dataDir ?? './data', 'pgdata');
  // Only one process may open an embedded database directory (server/db/data-dir-lock.ts).
  const lock = dir ? lockDataDir(resolve(opts.dataDir ?? './data')) : undefined;
  let thread: PGliteThread;
  try {
    // PGlite runs in a worker thread of its own (pglite-thread.ts): statements never hold the event loop, and one past its deadline is stopped.
    const fresh = !!dir && !existsSync(join(dir, 'PG_VERSION'));
    const image = opts.image && (fresh || !dir) ? opts.image : undefined;
    thread = await openThread(dir, fresh && !image, image, opts.sharedBuffers);
  } catch (error) {
    lock?.release();
    throw error;
  }
  const writes = new WriteWatch();
  const statements = new SlowStatements();
  const db = new Kysely<DB>({ dialect: new CountingDialect(new PGliteThreadDialect(thread), writes, statements) });
  const close = async () => {
    try {
      await db.destroy();
      // Kysely closes its driver only when a statement was ever sent.
      await thread.close();
    } finally {
      lock?.release();
    }
  };
  return { db, kind: 'pglite', writes, statements, image: () => thread.image(), close };
}
