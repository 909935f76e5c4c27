/*
 * `npm run bench` (backup figures): a fresh embedded install with the demo data, plus BENCH_BACKUP_COPIES
 * (default 20) copies of its donation records added in SQL, is backed up (server/db/backup, as
 * `npm run backup` does through the owner) and restored into a new embedded directory. Prints the time,
 * rows per second and the file's size; asserts nothing.
 */
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { prepareApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { restoreBackup } from '../server/db/backup/restore.ts';
import { writeBackup } from '../server/db/backup/write.ts';
import { openDatabase } from '../server/db/connect.ts';
import { uploadDirOf } from '../server/services/uploads.ts';

const COPIES = Number(process.env.BENCH_BACKUP_COPIES || 20);
const work = mkdtempSync(join(tmpdir(), 'hope-bench-backup-'));
const source = join(work, 'source');
const config = loadConfig({ DATA_DIR: source, ADMIN_PASSWORD: 'Bench@12345', LOG_LEVEL: 'error', CLIENT_DIR: join(work, 'none'), WORKFLOW_TIMER_MS: '0' });
const database = await openDatabase({ dataDir: source });
const { app, ctx } = await prepareApp(config, database, { demoData: true });
await app.ready();
// More rows than the demo: copies of its donations under new ids and record numbers (unique columns).
await sql`
  insert into donation_record (id, record_no, donor_type, donor_name, phone, anonymous, activity_id, amount, pay_method, pay_status, pay_time, message, create_by, create_time, tenant_id, sys_org_code)
  select r.id || lpad(g::text, 3, '0'), r.record_no || '-' || g, r.donor_type, r.donor_name, r.phone, r.anonymous, r.activity_id, r.amount, r.pay_method, r.pay_status, r.pay_time, r.message, r.create_by, r.create_time, r.tenant_id, r.sys_org_code
  from donation_record r cross join generate_series(1, ${COPIES}) g`.execute(ctx.db);

const file = join(work, 'bench.jsonl.gz');
let t = performance.now();
const summary = await writeBackup(ctx.db, ctx.dbKind, uploadDirOf(config.dataDir), createWriteStream(file));
const backupMs = performance.now() - t;
await app.close();
await database.close();

const rows = Object.values(summary.rows).reduce((n, r) => n + r, 0);
mkdirSync(join(work, 'target'));
const target = await openDatabase({ dataDir: join(work, 'target') });
t = performance.now();
await restoreBackup(target.db, { file, uploadDir: join(work, 'target', 'upload') });
const restoreMs = performance.now() - t;
await target.close();

console.log(`\nbackup and restore (embedded database, demo data + ${COPIES} copies of the donations)`);
console.log(`  ${Object.keys(summary.rows).length} tables, ${rows} rows, ${summary.files} uploads; file ${(statSync(file).size / 1024 / 1024).toFixed(2)} MB`);
console.log(`  backup:  ${(backupMs / 1000).toFixed(2)} s (${Math.round(rows / (backupMs / 1000))} rows/s)`);
console.log(`  restore: ${(restoreMs / 1000).toFixed(2)} s (${Math.round(rows / (restoreMs / 1000))} rows/s, checked, counted, indexed)`);
rmSync(work, { recursive: true, force: true });
