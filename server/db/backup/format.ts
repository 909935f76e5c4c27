import { STORED_PATH } from '../../services/uploads.ts';

/*
 * The backup file: gzip-compressed JSON lines, one logical format for both engines (no pg_dump on a
 * fresh machine, and a PGlite directory cannot be copied while its owner runs). Every value is the
 * text PostgreSQL prints for it (`column::text`), so any column type round-trips through either
 * engine by casting the text back to the column's own type.
 *
 *   {"t":"header","format":"hope-backup","version":1,"migrations":[…],"engine":"pglite","createdAt":"…"}
 *   {"t":"table","name":"sys_user","columns":["id","username",…]}
 *   {"t":"rows","v":[["1","admin",…],…]}        (a batch of the table just named)
 *   {"t":"file","path":"biz/20261124/<hex>.png","data":"<base64>"}   (an upload)
 *   {"t":"end","rows":{"sys_user":12,…},"files":3}
 *
 * The trailer's counts let a reader tell a whole file from a cut one before anything is written.
 */

export const BACKUP_FORMAT = 'hope-backup';
export const BACKUP_VERSION = 1;

export interface HeaderLine {
  t: 'header';
  format: typeof BACKUP_FORMAT;
  version: number;
  /** The migrations the source had run: a restore rebuilds exactly that schema before loading rows. */
  migrations: string[];
  engine: 'pglite' | 'postgres';
  createdAt: string;
}
export interface TableLine {
  t: 'table';
  name: string;
  columns: string[];
}
export interface RowsLine {
  t: 'rows';
  v: (string | null)[][];
}
export interface FileLine {
  t: 'file';
  path: string;
  data: string;
}
export interface EndLine {
  t: 'end';
  rows: Record<string, number>;
  files: number;
}
export type BackupLine = HeaderLine | TableLine | RowsLine | FileLine | EndLine;

/** A table or column name a backup may name: what our migrations and documents create, nothing quoted. */
export const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Tables a backup never carries: the migrator's own bookkeeping (the target's migrator writes them), and
 * the heartbeat rows of the processes running now (server/monitor/heartbeat.ts) and the imports' progress,
 * which describe no data.
 */
export const NOT_BACKED_UP = new Set(['kysely_migration', 'kysely_migration_lock', 'sys_monitor_process', 'sys_excel_run']);

export class BackupRefused extends Error {}

export const damaged = (why: string) => new BackupRefused(`备份文件已损坏或不完整：${why}`);

export function isStoredPath(path: string): boolean {
  return STORED_PATH.test(path) && !path.includes('..');
}
