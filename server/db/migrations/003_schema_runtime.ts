import { type Kysely, sql } from 'kysely';

/*
 * The schema runtime's own tables: designer-made (database-stored) documents, the data log of every
 * write through the runtime, and generated-code rules with their per-period sequences. Business tables
 * are not created here: the runtime derives them from the documents at start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('sys_schema')
    .addColumn('code', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('document', 'jsonb', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamp(0)')
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'timestamp(0)')
    .execute();

  await s
    .createTable('sys_data_log')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('data_table', 'varchar(64)', (c) => c.notNull())
    .addColumn('data_id', 'varchar(32)', (c) => c.notNull())
    // add, edit, delete, import
    .addColumn('action', 'varchar(10)', (c) => c.notNull())
    .addColumn('data_before', 'jsonb')
    .addColumn('data_after', 'jsonb')
    .addColumn('data_version', 'integer', (c) => c.notNull())
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamp(0)', (c) => c.notNull())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s.createIndex('idx_data_log_record').on('sys_data_log').columns(['data_table', 'data_id', 'data_version']).execute();

  await s
    .createTable('sys_fill_rule')
    .addColumn('rule_code', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('rule_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('prefix', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('date_format', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('seq_length', 'integer', (c) => c.notNull().defaultTo(4))
    // never, year, month, day: when the sequence starts again at 1
    .addColumn('reset_period', 'varchar(10)', (c) => c.notNull().defaultTo('never'))
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamp(0)')
    .execute();

  await s
    .createTable('sys_fill_rule_seq')
    .addColumn('rule_code', 'varchar(64)', (c) => c.notNull().references('sys_fill_rule.rule_code').onDelete('cascade'))
    // '' for rules that never reset, else the date of the period ('2025', '202505', '20250512')
    .addColumn('period', 'varchar(8)', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_fill_rule_seq', ['rule_code', 'period'])
    .execute();

  // Substring search on business tables uses trigram indexes (searchable: 'like').
  await sql`create extension if not exists pg_trgm`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['sys_fill_rule_seq', 'sys_fill_rule', 'sys_data_log', 'sys_schema']) await db.schema.dropTable(t).ifExists().execute();
}
