import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { lockDataDir } from './data-dir-lock.ts';
import { claimIdNode, type IdNode } from './id-node.ts';
import { SlowStatements } from '../monitor/slow-statements.ts';
import { CountingDialect, WriteWatch } from './round-trips.ts';
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
const asText = (v: string) => v;
const asNumber = (v: string) => (v === null ? null : Number(v));
const parsers: Record<number, (v: string) => unknown> = {
  [OID.INT8]: asNumber,
  [OID.NUMERIC]: asNumber,
  [OID.DATE]: asText,
  [OID.TIMESTAMP]: asText,
  [OID.TIMESTAMPTZ]: asText,
};

/**
 * `image`: start from another embedded database's image() instead of running initdb — in memory, or in a
 * data directory that holds no database yet (one that does is opened as it is). The API tests start each
 * server from one migrated, seeded image, and each new data directory from an empty cluster's image,
 * rather than running initdb (10–15 s on a 2-core machine), the migrations and the seed every time.
 */
export async function openDatabase(opts: { dataDir?: string; databaseUrl?: string; inMemory?: boolean; image?: Blob }): Promise<Database> {
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
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const dir = opts.inMemory ? undefined : resolve(opts.dataDir ?? './data', 'pgdata');
  // Only one process may open an embedded database directory (server/db/data-dir-lock.ts).
  const lock = dir ? lockDataDir(resolve(opts.dataDir ?? './data')) : undefined;
  let client;
  try {
    const image = opts.image && !(dir && existsSync(join(dir, 'PG_VERSION'))) ? { loadDataDir: opts.image } : {};
    client = await PGlite.create({ ...(dir ? { dataDir: dir } : {}), parsers, extensions: { pg_trgm }, ...image });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const writes = new WriteWatch();
  const statements = new SlowStatements();
  const db = new Kysely<DB>({ dialect: new CountingDialect(new PGliteDialect(client), writes, statements) });
  const close = async () => {
    try {
      await db.destroy();
    } finally {
      lock?.release();
    }
  };
  const pglite = client;
  return { db, kind: 'pglite', writes, statements, image: () => pglite.dumpDataDir('none'), close };
}
