import { type Kysely, type Migration, Migrator } from 'kysely';
import * as m001 from './migrations/001_accounts.ts';
import * as m002 from './migrations/002_announcements.ts';
import * as m003 from './migrations/003_schema_runtime.ts';
import * as m004 from './migrations/004_row_counts.ts';

/* The ordered list of system-table migrations; a new one is a new file added here. */
const migrations: Record<string, Migration> = {
  '001_accounts': m001,
  '002_announcements': m002,
  '003_schema_runtime': m003,
  '004_row_counts': m004,
};

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
