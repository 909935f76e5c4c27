import type { Kysely } from 'kysely';

/*
 * 文件管理: an index row per upload (sys_file) and the reference index the writer keeps (sys_file_ref:
 * which record's field holds which file). Both are read through the schema runtime (schemas/system/
 * file.json, file_ref.json); existing uploads are indexed at the next start (services/files.ts).
 */
const audit = (t: any) =>
  t
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamp(0)')
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'timestamp(0)')
    .addColumn('sys_org_code', 'varchar(64)')
    .addColumn('tenant_id', 'integer');

export async function up(db: Kysely<any>): Promise<void> {
  await audit(
    db.schema
      .createTable('sys_file')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('path', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('file_size', 'bigint')
      .addColumn('file_type', 'varchar(100)')
      .addColumn('biz', 'varchar(32)')
      .addColumn('ref_count', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('idx_sys_file_time').on('sys_file').columns(['create_time']).execute();
  await audit(
    db.schema
      .createTable('sys_file_ref')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('file_id', 'varchar(32)', (c) => c.notNull().references('sys_file.id').onDelete('cascade'))
      .addColumn('ref_table', 'varchar(64)', (c) => c.notNull())
      .addColumn('record_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('field', 'varchar(64)'),
  ).execute();
  await db.schema.createIndex('idx_sys_file_ref_file').on('sys_file_ref').columns(['file_id']).execute();
  await db.schema.createIndex('idx_sys_file_ref_record').on('sys_file_ref').columns(['ref_table', 'record_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sys_file_ref').ifExists().execute();
  await db.schema.dropTable('sys_file').ifExists().execute();
}
