import { type Kysely, sql } from 'kysely';

/*
 * Imports on the embedded database write their rows in short transactions into a pending batch that no reader
 * sees, then publish it in one short commit (server/engine/write/import-batch.ts). A batch is listed here from
 * its first row until it is published or dropped, so that a process starting after a crash drops what was left
 * and the readers' filter (server/engine/read/pending-rows.ts) knows, transactionally, which rows are hidden.
 * The rows carry their batch in `import_batch`: runtime tables get the column from the table sync, the data log here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_import_batch')
    .ifNotExists()
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('table_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('create_time', 'timestamp(0)', (c) => c.notNull().defaultTo(sql`localtimestamp(0)`))
    .execute();
  await db.schema.alterTable('sys_data_log').addColumn('import_batch', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_data_log').dropColumn('import_batch').execute();
  await db.schema.dropTable('sys_import_batch').ifExists().execute();
}
