import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/connect.ts';
import { countRows, readCatalog } from '../../server/db/backup/catalog.ts';
import { moveToPostgres, takeBackup } from '../../server/db/backup/commands.ts';
import { publishControl } from '../../server/db/backup/control.ts';
import { BackupRefused } from '../../server/db/backup/format.ts';
import { verifyBackup } from '../../server/db/backup/read.ts';
import { restoreBackup } from '../../server/db/backup/restore.ts';
import { writeBackup } from '../../server/db/backup/write.ts';
import { prepareApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { uploadDirOf } from '../../server/services/uploads.ts';
import {
  ADMIN_PASSWORD,
  blankImage,
  createTestDatabase,
  emptyEmbeddedDataDir,
  startServer,
  tempDataDir,
  type TestDatabase,
  type TestServer,
} from './helpers/server.ts';
import { TINY_PNG } from './helpers/fixtures.ts';

/*
 * Backup, restore and the move to PostgreSQL (server/db/backup): a running install with a record using
 * an upload is backed up, restored into an empty database, and served again with the same rows;
 * damaged, newer and clashing inputs are refused and change nothing.
 */

let s: TestServer;
let admin: string;
let uploaded: string;
let work: string;
const cleanups: (() => Promise<unknown> | unknown)[] = [];

beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  const r = await s.api.upload('/sys/common/upload?biz=photo', TINY_PNG, 'photo.png', admin);
  uploaded = r.body.message;
  // A business record using the upload (a document table, the file index and its reference) besides the seeded system tables.
  const slide = await s.api.post('/web/carousel/add', { title: '备份测试', image: uploaded, linkType: '0', position: '1', status: '1' }, admin);
  expect(slide.body.success, JSON.stringify(slide.body)).toBe(true);
  work = tempDataDir();
}, 120_000);
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  await s?.close();
  rmSync(work, { recursive: true, force: true });
});

async function backupOf(server: TestServer, file: string) {
  await writeBackup(server.db, server.ctx.dbKind, uploadDirOf(server.config.dataDir), createWriteStream(file));
  return verifyBackup(file);
}

/** A new, empty database (PGlite on disk, or a new database on TEST_DATABASE_URL's server), closed after the file. */
async function emptyTarget(): Promise<{ dataDir: string; test: TestDatabase; open: Awaited<ReturnType<TestDatabase['open']>> }> {
  const dataDir = tempDataDir();
  const test = await createTestDatabase({ dataDir });
  const open = await test.open();
  cleanups.push(
    () => rmSync(dataDir, { recursive: true, force: true }),
    () => test.dispose(),
    () => open.close(),
  );
  return { dataDir, test, open };
}

async function countsOf(db: Parameters<typeof readCatalog>[0]) {
  const counts: Record<string, number> = {};
  for (const name of (await readCatalog(db)).keys()) counts[name] = await countRows(db, name);
  return counts;
}

describe('backup → restore', () => {
  it('restores every table with the same row counts and the uploads, and the restored install serves them', async () => {
    const file = join(work, 'round-trip.jsonl.gz');
    // Donations in several states, for the list counters checked after the restore.
    const activity = (await s.api.post('/donation/activity/add', { activityName: '备份计数活动', category: '1', status: '1' }, admin)).body.result.id;
    for (const [payStatus, payMethod] of [
      ['1', '1'],
      ['2', '2'],
      ['2', '3'],
      ['2', '1'],
    ]) {
      const r = await s.api.post('/donation/record/add', { donorType: '1', donorName: '备份', activityId: activity, amount: 3, payMethod, payStatus }, admin);
      expect(r.body.success, r.body.message).toBe(true);
    }
    const before = await countsOf(s.db);
    const contents = await backupOf(s, file);
    const after = await countsOf(s.db);
    const source = Object.fromEntries([...contents.tables].map(([name, t]) => [name, t.rows]));
    // The server runs meanwhile: each table's count in the file lies between its counts before and after.
    expect(Object.keys(source).sort()).toEqual(Object.keys(after).sort());
    for (const [name, n] of Object.entries(source))
      expect([name, n >= Math.min(before[name], after[name]) && n <= Math.max(before[name], after[name])]).toEqual([name, true]);
    expect(source.web_carousel).toBe(1);
    expect(source.sys_file_ref).toBe(1);
    expect(contents.files).toBeGreaterThanOrEqual(1);

    const target = await emptyTarget();
    const uploadDir = join(work, 'restored-upload');
    const summary = await restoreBackup(target.open.db, { file, uploadDir });
    expect(summary.rows).toEqual(source);
    expect(await countsOf(target.open.db)).toEqual(source);
    expect(readFileSync(join(uploadDir, ...uploaded.split('/'))).equals(TINY_PNG)).toBe(true);

    // The restored database starts as a server (no second seed) and answers as the source does.
    await target.open.close();
    cleanups.pop();
    const restored = await startServer({}, { dataDir: target.dataDir, database: target.test });
    try {
      expect(await countsOf(restored.db)).toEqual(source);
      const token = await restored.loginAs('admin', ADMIN_PASSWORD);
      const list = (path: string, t: string, server: TestServer) => server.api.get(path, t).then((r) => r.body.result);
      const [mine, theirs] = await Promise.all([list('/web/carousel/list?pageSize=5', admin, s), list('/web/carousel/list?pageSize=5', token, restored)]);
      expect(theirs.total).toBe(mine.total);
      expect(theirs.records).toEqual(mine.records);
      // The list counters are not in the file: rebuilt by the restore, they give what counting the rows gives.
      for (const query of ['payStatus=2', 'payStatus=1&payMethod=1,2,3', `activityId=${activity}&payMethod=1`]) {
        const [counters, counted] = await Promise.all([
          list(`/donation/record/list?pageSize=1&${query}`, token, restored),
          list(`/donation/record/list?pageSize=1&${query}&amount_begin=0`, token, restored),
        ]);
        expect([query, counters.total]).toEqual([query, counted.total]);
        expect([query, counters.total]).toEqual([query, (await list(`/donation/record/list?pageSize=1&${query}`, admin, s)).total]);
      }
      expect((await list(`/donation/record/list?activityId=${activity}&payStatus=2`, token, restored)).total).toBe(3);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it("POST /internal/backup streams the owner's backup to a caller with its key, and to nobody else", async () => {
    const refused = await s.raw('/internal/backup', { method: 'POST' });
    expect(refused.status).toBe(401);
    expect((await s.raw('/internal/backup', { method: 'POST', headers: { 'x-control-key': 'f'.repeat(64) } })).status).toBe(401);
    const granted = await fetch(`${s.origin}/internal/backup`, { method: 'POST', headers: { 'x-control-key': s.controlKey } });
    expect(granted.status).toBe(200);
    const lines = gunzipSync(Buffer.from(await granted.arrayBuffer()))
      .toString('utf8')
      .trim()
      .split('\n');
    expect(JSON.parse(lines[0])).toMatchObject({ t: 'header', format: 'hope-backup' });
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ t: 'end' });
  });

  it('npm run backup asks the running owner of the data directory (control.json) and checks what it wrote', async () => {
    const withdraw = publishControl(s.config.dataDir, { pid: process.pid, origin: s.origin, key: s.controlKey });
    try {
      const file = join(work, 'through-owner.jsonl.gz');
      const contents = await takeBackup({ dataDir: s.config.dataDir }, file);
      expect(contents.tables.get('sys_user')!.rows).toBe(await countRows(s.db, 'sys_user'));
      expect(existsSync(`${file}.part`)).toBe(false);
    } finally {
      withdraw();
    }
    expect(existsSync(join(s.config.dataDir, 'control.json'))).toBe(false);
  });
});

describe('bad input changes nothing', () => {
  let good: Buffer;
  beforeAll(async () => {
    const file = join(work, 'good.jsonl.gz');
    await backupOf(s, file);
    good = readFileSync(file);
  });

  // One empty target for every refusal: each must leave it as empty as it found it.
  let target: Awaited<ReturnType<typeof emptyTarget>>;
  beforeAll(async () => {
    target = await emptyTarget();
  });

  const refusedOn = async (bytes: Buffer, message: RegExp) => {
    const file = join(work, `bad-${Math.random().toString(36).slice(2)}.jsonl.gz`);
    writeFileSync(file, bytes);
    await expect(restoreBackup(target.open.db, { file, uploadDir: join(work, 'never') })).rejects.toThrow(message);
    expect((await readCatalog(target.open.db)).size).toBe(0);
    expect(existsSync(join(work, 'never'))).toBe(false);
  };

  it('a cut file is refused as damaged', () => refusedOn(good.subarray(0, Math.floor(good.length * 0.6)), /备份文件已损坏或不完整/));

  it('a file whose trailer was dropped is refused as damaged', async () => {
    const lines = gunzipSync(good).toString('utf8').trim().split('\n');
    await refusedOn(gzipSync(`${lines.slice(0, -1).join('\n')}\n`), /缺少结尾/);
  });

  it('a row that does not fit its table is refused as damaged', async () => {
    const lines = gunzipSync(good).toString('utf8').trim().split('\n');
    const at = lines.findIndex((l) => l.startsWith('{"t":"rows"'));
    lines[at] = JSON.stringify({ t: 'rows', v: [['only one cell']] });
    await refusedOn(gzipSync(`${lines.join('\n')}\n`), /数据行与表的列不一致/);
  });

  it('a file from a newer version is refused, naming what it does not know', async () => {
    const lines = gunzipSync(good).toString('utf8').trim().split('\n');
    const header = JSON.parse(lines[0]);
    lines[0] = JSON.stringify({ ...header, migrations: [...header.migrations, '999_from_the_future'] });
    await refusedOn(gzipSync(`${lines.join('\n')}\n`), /更新版本的程序.*999_from_the_future/);
    lines[0] = JSON.stringify({ ...header, version: 99 });
    await refusedOn(gzipSync(`${lines.join('\n')}\n`), /格式版本 99/);
  });

  it('a table name that is not an identifier is refused before anything is written', async () => {
    const lines = gunzipSync(good).toString('utf8').trim().split('\n');
    const at = lines.findIndex((l) => l.startsWith('{"t":"table"'));
    lines[at] = JSON.stringify({ t: 'table', name: 'x"; drop table sys_user; --', columns: ['id'] });
    await refusedOn(gzipSync(`${lines.join('\n')}\n`), /表名 .* 无效/);
  });

  it('a target that holds tables is refused with the clashing tables unless forced', async () => {
    const file = join(work, 'good.jsonl.gz');
    const filled = await emptyTarget();
    await restoreBackup(filled.open.db, { file, uploadDir: join(work, 'first') });
    const marker = await filled.open.db.updateTable('sys_user').set({ realname: '恢复前' }).where('username', '=', 'admin').execute();
    expect(Number(marker[0].numUpdatedRows)).toBe(1);
    await expect(restoreBackup(filled.open.db, { file, uploadDir: join(work, 'first') })).rejects.toThrow(/目标数据库不是空的.*sys_user.*--force/);
    expect((await filled.open.db.selectFrom('sys_user').select('realname').where('username', '=', 'admin').executeTakeFirstOrThrow()).realname).toBe('恢复前');
    await restoreBackup(filled.open.db, { file, uploadDir: join(work, 'first'), force: true });
    expect((await filled.open.db.selectFrom('sys_user').select('realname').where('username', '=', 'admin').executeTakeFirstOrThrow()).realname).not.toBe(
      '恢复前',
    );
  }, 60_000);

  it('refusals are BackupRefused (the command prints their message only)', async () => {
    await expect(verifyBackup(join(work, 'missing.jsonl.gz'))).rejects.toBeInstanceOf(BackupRefused);
  });
});

/** An embedded install in a data directory of its own, with no server running on it. */
async function stoppedEmbeddedInstall(name: string): Promise<string> {
  const dataDir = join(work, name);
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD, CLIENT_DIR: join(dataDir, 'none'), LOG_LEVEL: 'error' });
  const embedded = await openDatabase({ dataDir, image: blankImage() });
  const built = await prepareApp(config, embedded, { demoData: false });
  await built.app.close();
  await embedded.close();
  return dataDir;
}

const command = (args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', ...args], { encoding: 'utf8', env: { ...process.env, DATABASE_URL: '', ...env } });

// The commands work on an embedded install whatever the pass: run once, on the embedded pass.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('the commands (scripts/backup.ts)', () => {
  it('npm run backup and npm run restore on a stopped embedded install; a second restore is refused with exit 1', async () => {
    const source = await stoppedEmbeddedInstall('cli-source');
    const file = join(work, 'cli.jsonl.gz');
    const backup = command(['backup', '--out', file], { DATA_DIR: source });
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/备份完成：.*cli\.jsonl\.gz/);
    const target = join(work, 'cli-target');
    await emptyEmbeddedDataDir(target);
    const restore = command(['restore', file], { DATA_DIR: target });
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/恢复完成：\d+ 张表/);
    const again = command(['restore', file], { DATA_DIR: target });
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/目标数据库不是空的/);
    expect(again.stderr).not.toMatch(/at .*\.ts:\d+/); // a refusal prints its message, not a stack
  }, 120_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('migrate-to-postgres', () => {
  it('copies an embedded install onto an empty PostgreSQL database with equal counts table by table', async () => {
    const dataDir = await stoppedEmbeddedInstall('embedded');

    const target = await createTestDatabase();
    cleanups.push(() => target.dispose());
    const report = await moveToPostgres(dataDir, target.url!, join(work, 'move.jsonl.gz'));
    expect(report.tables.length).toBeGreaterThan(30);
    expect(report.tables.filter(([, before, after]) => before !== after)).toEqual([]);
    expect(report.tables.find(([name]) => name === 'sys_user')![2]).toBeGreaterThan(0);
    // A second move onto the same database names the clashes.
    await expect(moveToPostgres(dataDir, target.url!, join(work, 'move.jsonl.gz'))).rejects.toThrow(/目标数据库不是空的.*sys_user/);
  }, 120_000);
});
