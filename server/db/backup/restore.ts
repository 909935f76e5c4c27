import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { syncChoiceCounts } from '../../engine/read/choice-counts.ts';
import { syncReportSummaries } from '../../engine/read/report-summaries.ts';
import { SCHEMAS_DIR } from '../../engine/schema/loader.ts';
import { loadRegistry } from '../../engine/schema/registry.ts';
import { syncTables } from '../../engine/schema/table-sync.ts';
import { syncRollups } from '../../engine/write/aggregates.ts';
import { migrateTo, migrateToLatest } from '../migrate.ts';
import type { DB } from '../schema.ts';
import { asColumnType, countRows, ident, readCatalog, type TableInfo } from './catalog.ts';
import { BackupRefused } from './format.ts';
import { backupLines, type BackupContents, verifyBackup } from './read.ts';

/*
 * Brings a backup back into an empty database — embedded or a PostgreSQL server, whichever wrote it.
 * 1. The whole file is checked first (read.ts): a damaged or newer file changes nothing.
 * 2. The target must hold no tables (unless forced: then its tables are dropped first).
 * 3. The schema is rebuilt exactly as the backup's version had it (the migrations it had run), the
 *    system tables' rows are loaded, then the tables behind the schema documents are created from the
 *    documents now in the database (as a start-up creates them, with their indexes and counters), and
 *    their rows loaded — all in one transaction, compared with the file's counts before it commits.
 * 4. Later migrations run, so a backup of an older version comes back upgraded; then the uploads.
 * Only tables and columns the target itself has are written to; every value is a bound parameter.
 */

/** PostgreSQL takes at most 65,535 parameters in one statement; stay well below. */
const MAX_PARAMS = 30_000;

export interface RestoreSummary {
  rows: Record<string, number>;
  files: number;
  /** Migrations run after the load (the backup came from an older version). */
  upgraded: string[];
}

export interface RestoreOptions {
  file: string;
  /** Where the uploads go (DATA_DIR/upload). */
  uploadDir: string;
  /** Drop whatever tables the target already holds instead of refusing. */
  force?: boolean;
  log?: (message: string) => void;
}

async function tablesHeld(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind in ('r', 'p') order by c.relname`.execute(db);
  return rows.map((r) => r.name);
}

/** Refuses a target that holds tables (naming those the backup would clash with), or drops them when forced. */
async function ensureEmpty(db: Kysely<any>, contents: BackupContents, force: boolean, log: (m: string) => void) {
  const held = await tablesHeld(db);
  if (!held.length) return;
  if (!force) {
    const clashes = held.filter((t) => contents.tables.has(t));
    const named = (clashes.length ? clashes : held).join('、');
    throw new BackupRefused(
      `目标数据库不是空的：已有 ${held.length} 张表${clashes.length ? `，其中 ${clashes.length} 张与备份冲突：${named}` : `：${named}`}。恢复只写入空的数据库；确认要覆盖时加 --force`,
    );
  }
  log(`--force：删除目标数据库已有的 ${held.length} 张表`);
  await sql`drop table if exists ${sql.join(held.map(ident))} cascade`.execute(db);
}

/** Loads the rows of the backup's tables that `take` accepts; each must exist in `target` with every column. */
async function loadRows(db: Kysely<any>, file: string, target: Map<string, TableInfo>, take: (table: string) => boolean) {
  const names = [...target.keys()].filter(take);
  if (names.length) await sql`truncate ${sql.join(names.map(ident))} cascade`.execute(db);
  let current: { table: TableInfo; columns: { name: string; type: string }[]; perStatement: number } | undefined;
  for await (const line of backupLines(file)) {
    if (line.t === 'table') {
      const table = take(line.name) ? target.get(line.name) : undefined;
      current = undefined;
      if (!table) continue;
      const columns = line.columns.map((name) => {
        const column = table.columns.find((c) => c.name === name);
        if (!column) throw new BackupRefused(`表 ${table.name} 的列 ${name} 在本版本中不存在，无法恢复`);
        return column;
      });
      current = { table, columns, perStatement: Math.max(1, Math.floor(MAX_PARAMS / columns.length)) };
    } else if (line.t === 'rows' && current) {
      const { table, columns, perStatement } = current;
      for (let at = 0; at < line.v.length; at += perStatement) {
        const rows = line.v.slice(at, at + perStatement).map((row) => sql`(${sql.join(row.map((value, i) => asColumnType(value, columns[i].type)))})`);
        await sql`insert into ${ident(table.name)} (${sql.join(columns.map((c) => ident(c.name)))}) values ${sql.join(rows)}`.execute(db);
      }
    }
  }
}

/** The counters the statement triggers keep (sys_row_count) and serial sequences, set from the rows now there. */
async function resetDerivedCounters(db: Kysely<any>, target: Map<string, TableInfo>) {
  if (target.has('sys_row_count')) {
    const counted = await db.selectFrom('sys_row_count').select('table_name').execute();
    for (const { table_name } of counted) {
      if (target.has(table_name))
        await sql`update sys_row_count set n = (select count(*) from ${ident(table_name)}) where table_name = ${table_name}`.execute(db);
    }
  }
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and column_default like 'nextval(%'`.execute(db);
  for (const { table_name, column_name } of rows) {
    if (!target.has(table_name)) continue;
    await sql`select setval(pg_get_serial_sequence(${`"${table_name}"`}, ${column_name}), coalesce(max(${ident(column_name)}), 0) + 1, false) from ${ident(table_name)}`.execute(
      db,
    );
  }
}

/** Writes the backup's uploads that are not there yet; their paths were checked by verifyBackup. */
async function writeUploads(file: string, uploadDir: string): Promise<number> {
  let written = 0;
  for await (const line of backupLines(file)) {
    if (line.t !== 'file') continue;
    const full = join(uploadDir, ...line.path.split('/'));
    if (existsSync(full)) continue; // stored names are random: the same name is the same file
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, Buffer.from(line.data, 'base64'));
    written++;
  }
  return written;
}

export async function restoreBackup(db: Kysely<DB>, opts: RestoreOptions): Promise<RestoreSummary> {
  const log = opts.log ?? (() => {});
  const contents = await verifyBackup(opts.file);
  log(
    `备份：${contents.header.createdAt}，${contents.tables.size} 张表，${[...contents.tables.values()].reduce((n, t) => n + t.rows, 0)} 行，${contents.files} 个附件`,
  );
  await ensureEmpty(db, contents, !!opts.force, log);
  await migrateTo(db, contents.header.migrations.at(-1)!);

  await db.transaction().execute(async (trx) => {
    // The system tables the migrations made, then the document tables the restored documents describe.
    const system = await readCatalog(trx);
    await loadRows(trx, opts.file, system, (t) => contents.tables.has(t));
    const registry = await loadRegistry(trx, SCHEMAS_DIR);
    await syncTables(trx, registry);
    await syncRollups(trx, registry);
    // Forced: the restored fingerprints say the summary tables exist, but this database has none yet.
    await syncReportSummaries(trx, registry, true);
    // The list counters are not backed up: built empty here, their triggers count the rows loaded next.
    await syncChoiceCounts(trx, registry, true);
    const all = await readCatalog(trx);
    const missing = [...contents.tables.keys()].filter((t) => !all.has(t));
    if (missing.length) throw new BackupRefused(`备份中的表在本版本中不存在，也无法由表单文档创建：${missing.join('、')}`);
    await loadRows(trx, opts.file, all, (t) => contents.tables.has(t) && !system.has(t));
    await resetDerivedCounters(trx, all);
    const differ: string[] = [];
    for (const [name, { rows }] of contents.tables) {
      const n = await countRows(trx, name);
      if (n !== rows) differ.push(`${name}（备份 ${rows}，恢复后 ${n}）`);
    }
    if (differ.length) throw new BackupRefused(`恢复后的行数与备份不符，已撤销：${differ.join('、')}`);
  });

  const upgraded = await migrateToLatest(db);
  if (upgraded.length) log(`已升级到本版本：${upgraded.join('、')}`);
  const files = await writeUploads(opts.file, opts.uploadDir);
  return { rows: Object.fromEntries([...contents.tables].map(([name, t]) => [name, t.rows])), files, upgraded };
}
