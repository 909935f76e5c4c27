import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { type Kysely, sql } from 'kysely';
import type { DbKind } from '../connect.ts';
import { appliedMigrations } from '../migrate.ts';
import { asColumnType, ident, readCatalog, type TableInfo } from './catalog.ts';
import { uploadedFiles } from '../../services/uploads.ts';
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupLine } from './format.ts';

/*
 * Writes a backup (format.ts) of the database and the uploads while the server runs.
 * - PostgreSQL server: one read-only REPEATABLE READ transaction on a connection of its own, so every
 *   table is read from the same snapshot and nothing else waits.
 * - Embedded (PGlite, one connection for the whole process): no long transaction — each batch is one
 *   short query, and other requests run between batches. A table is read in primary-key order, so a
 *   batch boundary never repeats or skips a row; rows written between batches may or may not be in.
 */

const BATCH_ROWS = 500;

export interface BackupSummary {
  rows: Record<string, number>;
  files: number;
}

async function* tableLines(db: Kysely<any>, table: TableInfo, counts: Record<string, number>, pause: () => Promise<void>): AsyncGenerator<BackupLine> {
  yield { t: 'table', name: table.name, columns: table.columns.map((c) => c.name) };
  const select = sql.join(table.columns.map((c, i) => sql`${ident(c.name)}::text as ${ident(`c${i}`)}`));
  const keyIndex = table.primaryKey.map((k) => table.columns.findIndex((c) => c.name === k));
  const keyTypes = table.primaryKey.map((k) => table.columns.find((c) => c.name === k)!.type);
  const order = sql.join(table.primaryKey.map(ident));
  let after: (string | null)[] | undefined;
  counts[table.name] = 0;
  for (;;) {
    // Keyset paging on the primary key; a table without one is read whole (none of ours is large).
    const page = !table.primaryKey.length
      ? sql`select ${select} from ${ident(table.name)}`
      : after
        ? sql`select ${select} from ${ident(table.name)} where (${order}) > (${sql.join(after.map((v, i) => asColumnType(v, keyTypes[i])))}) order by ${order} limit ${BATCH_ROWS}`
        : sql`select ${select} from ${ident(table.name)} order by ${order} limit ${BATCH_ROWS}`;
    const { rows } = await page.execute(db);
    const values = rows.map((r: any) => table.columns.map((_, i) => r[`c${i}`] as string | null));
    if (values.length) yield { t: 'rows', v: values };
    counts[table.name] += values.length;
    if (!table.primaryKey.length || values.length < BATCH_ROWS) return;
    after = keyIndex.map((i) => values[values.length - 1][i]);
    await pause();
  }
}

async function* backupLines(db: Kysely<any>, kind: DbKind, uploadDir: string, summary: BackupSummary): AsyncGenerator<string> {
  const line = (l: BackupLine) => `${JSON.stringify(l)}\n`;
  // Between batches on the embedded database, let the requests that queued meanwhile run.
  const pause = kind === 'pglite' ? () => new Promise<void>((resolve) => setImmediate(resolve)) : async () => {};
  yield line({
    t: 'header',
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    migrations: await appliedMigrations(db),
    engine: kind,
    createdAt: new Date().toISOString(),
  });
  for (const table of (await readCatalog(db)).values()) {
    for await (const l of tableLines(db, table, summary.rows, pause)) yield line(l);
  }
  for (const path of uploadedFiles(uploadDir)) {
    const full = join(uploadDir, ...path.split('/'));
    if (!statSync(full, { throwIfNoEntry: false })) continue; // deleted while the backup ran
    yield line({ t: 'file', path, data: readFileSync(full).toString('base64') });
    summary.files++;
  }
  yield line({ t: 'end', rows: summary.rows, files: summary.files });
}

/** Streams a whole backup into `out` (a file, or an HTTP answer) and says what it holds. */
export async function writeBackup(db: Kysely<any>, kind: DbKind, uploadDir: string, out: Writable): Promise<BackupSummary> {
  const summary: BackupSummary = { rows: {}, files: 0 };
  if (kind === 'pglite') {
    await pipeline(Readable.from(backupLines(db, kind, uploadDir, summary)), createGzip(), out);
    return summary;
  }
  await db.connection().execute(async (connection) => {
    await sql`begin isolation level repeatable read read only`.execute(connection);
    try {
      await pipeline(Readable.from(backupLines(connection, kind, uploadDir, summary)), createGzip(), out);
    } finally {
      await sql`commit`.execute(connection);
    }
  });
  return summary;
}
