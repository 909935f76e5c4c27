import { type Kysely, type Migration, Migrator } from 'kysely';
import * as m001 from './migrations/001_accounts.ts';
import * as m002 from './migrations/002_announcements.ts';
import * as m003 from './migrations/003_schema_runtime.ts';
import * as m004 from './migrations/004_row_counts.ts';
import * as m009 from './migrations/009_categories.ts';
import * as m005 from './migrations/005_access_control.ts';
import * as m006 from './migrations/006_system_ops.ts';
import * as m007 from './migrations/007_online_reports.ts';
import * as m008 from './migrations/008_online_forms.ts';
import * as m011 from './migrations/011_depart_permissions.ts';
import * as m012 from './migrations/012_announcement_screen.ts';
import * as m019 from './migrations/019_job_claims.ts';
import * as m021 from './migrations/021_monitor_menu.ts';
import * as m024 from './migrations/024_captcha.ts';
import * as m025 from './migrations/025_workflow.ts';
import * as m026 from './migrations/026_session_floor.ts';
import * as m027 from './migrations/027_files.ts';
import * as m028 from './migrations/028_sms_codes.ts';
import * as m029 from './migrations/029_report_scope.ts';
import * as m030 from './migrations/030_graph_reports.ts';
import * as m031 from './migrations/031_monitor_processes.ts';
import * as m032 from './migrations/032_dashboard_menus.ts';
import * as m033 from './migrations/033_log_by_user.ts';
import * as m034 from './migrations/034_excel_runs.ts';
import * as m035 from './migrations/035_third_accounts.ts';
import * as m037 from './migrations/037_depart_leaders.ts';
import * as m038 from './migrations/038_import_batches.ts';

/* The ordered list of system-table migrations; a new one is a new file added here. */
const migrations: Record<string, Migration> = {
  '001_accounts': m001,
  '002_announcements': m002,
  '003_schema_runtime': m003,
  '004_row_counts': m004,
  '009_categories': m009,
  '005_access_control': m005,
  '006_system_ops': m006,
  '007_online_reports': m007,
  '008_online_forms': m008,
  '011_depart_permissions': m011,
  '012_announcement_screen': m012,
  '019_job_claims': m019,
  '021_monitor_menu': m021,
  '024_captcha': m024,
  '025_workflow': m025,
  '026_session_floor': m026,
  '027_files': m027,
  '028_sms_codes': m028,
  '029_report_scope': m029,
  '030_graph_reports': m030,
  '031_monitor_processes': m031,
  '032_dashboard_menus': m032,
  '033_log_by_user': m033,
  '034_excel_runs': m034,
  '035_third_accounts': m035,
  '037_depart_leaders': m037,
  '038_import_batches': m038,
};

/** The migrations this code knows, in the order Kysely runs them (by name). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations).sort();

const migratorOf = (db: Kysely<any>) => new Migrator({ db, provider: { getMigrations: async () => migrations } });

function applied({ error, results }: Awaited<ReturnType<Migrator['migrateToLatest']>>): string[] {
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  return applied(await migratorOf(db).migrateToLatest());
}

/** Migrates an empty database up to `name` and no further (a restore rebuilds the backup's version first). */
export async function migrateTo(db: Kysely<any>, name: string): Promise<string[]> {
  return applied(await migratorOf(db).migrateTo(name));
}

/** The names of the migrations a database has run, oldest first. */
export async function appliedMigrations(db: Kysely<any>): Promise<string[]> {
  const rows = await db.selectFrom('kysely_migration').select('name').orderBy('name').execute();
  return rows.map((r: { name: string }) => r.name);
}
