/*
 * npm run backup [-- --out FILE]              one file: database + uploads, while the server runs
 * npm run restore -- FILE [--force]           into an empty DATA_DIR (or the empty DATABASE_URL database)
 * npm run migrate-to-postgres -- DATABASE_URL [--force]  copy the embedded install onto a PostgreSQL server
 *
 * DATA_DIR (default ./data) and DATABASE_URL are read as `npm start` reads them. The work is done in
 * server/db/backup/commands.ts; this file parses arguments and prints.
 */
import { resolve } from 'node:path';
import { defaultBackupFile, fileSize, moveToPostgres, restoreInto, takeBackup } from '../server/db/backup/commands.ts';
import { BackupRefused } from '../server/db/backup/format.ts';
import { DataDirBusy } from '../server/db/data-dir-lock.ts';

const [command, ...args] = process.argv.slice(2);
const dataDir = resolve(process.env.DATA_DIR || './data');
const databaseUrl = process.env.DATABASE_URL || undefined;
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const positional = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1] === '--out'));
const hidePassword = (url: string) => url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
const sum = (rows: Record<string, number>) => Object.values(rows).reduce((n, r) => n + r, 0);

async function main() {
  switch (command) {
    case 'backup': {
      const file = resolve(option('--out') ?? defaultBackupFile());
      const contents = await takeBackup({ dataDir, databaseUrl }, file);
      const rows = [...contents.tables.values()].reduce((n, t) => n + t.rows, 0);
      console.log(`备份完成：${file}（${fileSize(file)}）`);
      console.log(`  ${contents.tables.size} 张表，${rows} 行，${contents.files} 个附件；数据库版本 ${contents.header.migrations.at(-1)}`);
      console.log(`恢复：npm run restore -- ${file}`);
      return;
    }
    case 'restore': {
      const file = positional[0];
      if (!file) throw new BackupRefused('用法：npm run restore -- <备份文件> [--force]');
      const summary = await restoreInto({ dataDir, databaseUrl }, resolve(file), args.includes('--force'));
      console.log(`恢复完成：${Object.keys(summary.rows).length} 张表，${sum(summary.rows)} 行，写入 ${summary.files} 个附件`);
      console.log(`目标：${databaseUrl ? hidePassword(databaseUrl) : `${dataDir}/pgdata`}。启动：${databaseUrl ? 'DATABASE_URL=… ' : ''}npm start`);
      return;
    }
    case 'move': {
      const target = positional[0];
      if (!target || !/^postgres(ql)?:\/\//.test(target)) throw new BackupRefused('用法：npm run migrate-to-postgres -- postgres://用户@主机:5432/数据库');
      const report = await moveToPostgres(dataDir, target, resolve(dataDir, 'backups', 'migrate-to-postgres.jsonl.gz'), args.includes('--force'));
      const width = Math.max(...report.tables.map(([name]) => name.length));
      let same = true;
      for (const [name, before, after] of report.tables) {
        same &&= before === after;
        console.log(`  ${name.padEnd(width)}  ${String(before).padStart(7)} → ${String(after).padStart(7)}${before === after ? '' : '  ✗ 不一致'}`);
      }
      if (!same) throw new BackupRefused('有表的行数不一致，请检查上面的列表');
      console.log(`迁移完成：${report.tables.length} 张表的行数逐表一致；附件仍在 ${dataDir}/upload，新的安装继续使用它。`);
      console.log(`以后这样启动（DATA_DIR 不变）：DATABASE_URL='${hidePassword(target)}' npm start`);
      return;
    }
    default:
      throw new BackupRefused('用法：npm run backup | npm run restore -- <文件> | npm run migrate-to-postgres -- <DATABASE_URL>');
  }
}

main().catch((error) => {
  console.error(error instanceof BackupRefused || error instanceof DataDirBusy ? error.message : error);
  process.exit(1);
});
