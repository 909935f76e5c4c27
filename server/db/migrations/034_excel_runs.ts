import { type Kysely, sql } from 'kysely';

/*
 * An Excel import's or export's progress, kept where every server process can read it: the browser asks any
 * process how far its run is (rows checked, then written; rows read) and may cancel it; the running process
 * reads the flag between chunks. Rows older than a day are pruned when an import starts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_excel_run')
    .ifNotExists()
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('table_name', 'varchar(100)', (c) => c.notNull())
    // import: check → write → done; export: read → done; or failed / cancelled
    .addColumn('phase', 'varchar(16)', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('cancelled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_excel_run').ifExists().execute();
}
