import { createWriteStream, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { uploadDirOf } from '../../services/uploads.ts';
import { openDatabase } from '../connect.ts';
import { countRows } from './catalog.ts';
import { CONTROL_HEADER, readControl } from './control.ts';
import { BackupRefused } from './format.ts';
import { type BackupContents, verifyBackup } from './read.ts';
import { restoreBackup, type RestoreSummary } from './restore.ts';
import { writeBackup } from './write.ts';

/*
 * What `npm run backup`, `npm run restore` and `npm run migrate-to-postgres` do (scripts/ only parse
 * arguments and print). An install is DATA_DIR (uploads, and the embedded database unless DATABASE_URL
 * names a PostgreSQL server).
 */

export interface Install {
  dataDir: string;
  databaseUrl?: string;
}

const log = (message: string) => console.log(message);

function openInstall(install: Install) {
  mkdirSync(install.dataDir, { recursive: true });
  return openDatabase(install.databaseUrl ? { databaseUrl: install.databaseUrl } : { dataDir: install.dataDir });
}

export const defaultBackupFile = (now = new Date()) => {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return resolve('backups', `hope-backup-${stamp}.jsonl.gz`);
};

/** Asks the process that owns the embedded directory for the backup (it alone may open the directory). */
async function backupFromOwner(dataDir: string, file: string): Promise<boolean> {
  const control = readControl(dataDir);
  if (!control) return false;
  let response: Response;
  try {
    response = await fetch(`${control.origin}/internal/backup`, { method: 'POST', headers: { [CONTROL_HEADER]: control.key } });
  } catch {
    return false; // the control file outlived its process: the directory's lock decides below
  }
  if (!response.ok || !response.body) throw new BackupRefused(`运行中的服务拒绝了备份请求（HTTP ${response.status}）`);
  log(`从运行中的服务（进程 ${control.pid}）取得备份…`);
  await pipeline(Readable.fromWeb(response.body as never), createWriteStream(file));
  return true;
}

/**
 * Writes a backup of the install to `file` and checks it by reading it back. The embedded database is
 * read through its running owner when there is one, directly otherwise; PostgreSQL directly.
 */
export async function takeBackup(install: Install, file: string): Promise<BackupContents> {
  mkdirSync(dirname(resolve(file)), { recursive: true });
  const part = `${file}.part`;
  try {
    if (install.databaseUrl || !(await backupFromOwner(install.dataDir, part))) {
      const database = await openInstall(install);
      try {
        await writeBackup(database.db, database.kind, uploadDirOf(install.dataDir), createWriteStream(part));
      } finally {
        await database.close();
      }
    }
    const contents = await verifyBackup(part);
    renameSync(part, file);
    return contents;
  } finally {
    rmSync(part, { force: true });
  }
}

/** Restores `file` into the install's (empty) database and its upload folder. */
export async function restoreInto(install: Install, file: string, force = false): Promise<RestoreSummary> {
  const database = await openInstall(install);
  try {
    return await restoreBackup(database.db, { file, uploadDir: uploadDirOf(install.dataDir), force, log });
  } finally {
    await database.close();
  }
}

export interface MoveReport {
  /** table → [rows in the backup of the embedded install, rows now on the server] */
  tables: [string, number, number][];
  files: number;
}

/**
 * Copies an embedded install onto an empty PostgreSQL database through the backup format, then counts
 * every table on the server. The uploads stay in DATA_DIR, which the server-backed install keeps using.
 */
export async function moveToPostgres(dataDir: string, databaseUrl: string, workFile: string, force = false): Promise<MoveReport> {
  const contents = await takeBackup({ dataDir }, workFile);
  await restoreInto({ dataDir, databaseUrl }, workFile, force);
  const target = await openDatabase({ databaseUrl });
  try {
    const tables: [string, number, number][] = [];
    for (const [name, { rows }] of contents.tables) tables.push([name, rows, await countRows(target.db, name)]);
    return { tables, files: contents.files };
  } finally {
    await target.close();
  }
}

export const fileSize = (file: string) => `${(statSync(file).size / 1024 / 1024).toFixed(2)} MB`;
