import { createReadStream, existsSync } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { MIGRATION_NAMES } from '../migrate.ts';
import { BACKUP_FORMAT, BACKUP_VERSION, BackupRefused, type BackupLine, damaged, type HeaderLine, IDENTIFIER, isStoredPath, NOT_BACKED_UP } from './format.ts';

/*
 * Reads a backup file line by line, and checks a whole file before a restore writes anything: a cut,
 * damaged or foreign file, or one written by a newer version of the program, is refused here.
 */

/** The lines of a backup file, parsed; a gzip or JSON error is reported as damage. */
export async function* backupLines(file: string): AsyncGenerator<BackupLine> {
  if (!existsSync(file)) throw new BackupRefused(`备份文件不存在：${file}`);
  const source = createReadStream(file);
  const gunzip = createGunzip();
  source.on('error', (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  let pending: Buffer[] = [];
  let lineNo = 0;
  const parse = (bytes: Buffer): BackupLine => {
    lineNo++;
    try {
      return JSON.parse(bytes.toString('utf8')) as BackupLine;
    } catch {
      throw damaged(`第 ${lineNo} 行不是有效的 JSON`);
    }
  };
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      let start = 0;
      for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, start)) {
        pending.push(chunk.subarray(start, at));
        yield parse(Buffer.concat(pending));
        pending = [];
        start = at + 1;
      }
      if (start < chunk.length) pending.push(chunk.subarray(start));
    }
  } catch (error) {
    if (error instanceof BackupRefused) throw error;
    throw damaged((error as NodeJS.ErrnoException).code === 'ENOENT' ? '文件不存在' : `不是完整的 gzip 文件（${(error as Error).message}）`);
  } finally {
    source.destroy();
  }
  if (pending.some((p) => p.length)) throw damaged('最后一行不完整');
}

export interface BackupContents {
  header: HeaderLine;
  /** Tables in file order, with their columns and row counts. */
  tables: Map<string, { columns: string[]; rows: number }>;
  files: number;
}

const isCell = (v: unknown) => v === null || typeof v === 'string';

/** Reads the whole file once and says what it holds, or refuses it. Nothing is written. */
export async function verifyBackup(file: string): Promise<BackupContents> {
  let header: HeaderLine | undefined;
  let current: { columns: string[]; rows: number } | undefined;
  const tables = new Map<string, { columns: string[]; rows: number }>();
  let files = 0;
  let ended = false;
  for await (const line of backupLines(file)) {
    if (ended) throw damaged('结尾之后还有内容');
    if (!header) {
      if (line.t !== 'header' || line.format !== BACKUP_FORMAT) throw new BackupRefused('这不是希望工程后台的备份文件');
      if (typeof line.version !== 'number' || line.version > BACKUP_VERSION)
        throw new BackupRefused(`备份文件的格式版本 ${line.version} 比本程序支持的（${BACKUP_VERSION}）新，请先升级程序再恢复`);
      if (!Array.isArray(line.migrations) || !line.migrations.length) throw damaged('文件头没有数据库版本');
      const unknown = line.migrations.filter((m) => !MIGRATION_NAMES.includes(m));
      if (unknown.length) throw new BackupRefused(`备份来自更新版本的程序（本程序不认识数据库迁移 ${unknown.join('、')}），请先升级程序再恢复`);
      header = line;
      continue;
    }
    switch (line.t) {
      case 'table':
        if (!IDENTIFIER.test(line.name) || NOT_BACKED_UP.has(line.name) || tables.has(line.name))
          throw damaged(`表名 ${String(line.name).slice(0, 64)} 无效或重复`);
        if (
          !Array.isArray(line.columns) ||
          !line.columns.length ||
          line.columns.some((c) => !IDENTIFIER.test(c)) ||
          new Set(line.columns).size !== line.columns.length
        )
          throw damaged(`表 ${line.name} 的列无效`);
        tables.set(line.name, (current = { columns: line.columns, rows: 0 }));
        break;
      case 'rows':
        if (!current) throw damaged('数据行出现在表之前');
        if (!Array.isArray(line.v) || line.v.some((row) => !Array.isArray(row) || row.length !== current!.columns.length || !row.every(isCell)))
          throw damaged('数据行与表的列不一致');
        current.rows += line.v.length;
        break;
      case 'file':
        if (typeof line.path !== 'string' || !isStoredPath(line.path) || typeof line.data !== 'string')
          throw damaged(`附件 ${String(line.path).slice(0, 80)} 无效`);
        files++;
        current = undefined;
        break;
      case 'end': {
        const counted = Object.fromEntries([...tables].map(([name, t]) => [name, t.rows]));
        const claimed = line.rows ?? {};
        const differ = [...new Set([...Object.keys(counted), ...Object.keys(claimed)])].filter((name) => counted[name] !== claimed[name]);
        if (differ.length) throw damaged(`表 ${differ.slice(0, 5).join('、')} 的行数与结尾记录不符`);
        if (line.files !== files) throw damaged('附件数与结尾记录不符');
        ended = true;
        break;
      }
      default:
        throw damaged(`未知的行类型 ${String((line as { t?: unknown }).t).slice(0, 20)}`);
    }
  }
  if (!header) throw damaged('文件是空的');
  if (!ended) throw damaged('缺少结尾（文件可能被截断）');
  return { header, tables, files };
}
