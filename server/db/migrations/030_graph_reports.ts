import type { Kysely } from 'kysely';

/*
 * 图表配置 (JeecgBoot's graphreport): a chart over an online report's result columns or over a screen's
 * fields. The definition holds names only — the source, the dimension (x) and the measures (y) — which
 * are checked against the source's own column list whenever it is written and whenever it is read; the
 * data comes through the report's read-only wall or the screen's scoped reader.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('onl_graphreport_head')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    // 'report': an online report's code; 'entity': a screen's code (e.g. donation/record).
    .addColumn('source_type', 'varchar(10)', (c) => c.notNull().defaultTo('report'))
    .addColumn('source', 'varchar(100)', (c) => c.notNull())
    .addColumn('x_field', 'varchar(64)', (c) => c.notNull())
    // Comma list of measure columns, one series each.
    .addColumn('y_fields', 'varchar(500)', (c) => c.notNull())
    // sum, count, avg, max, min: how each group's rows make one value.
    .addColumn('aggregate', 'varchar(10)', (c) => c.notNull().defaultTo('sum'))
    // Comma list of bar, line, pie, table: one tab each.
    .addColumn('graph_type', 'varchar(50)', (c) => c.notNull().defaultTo('bar'))
    .addColumn('y_axis_text', 'varchar(100)')
    // 1: also a block on the home dashboard (for users who may read it).
    .addColumn('dashboard', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('content', 'varchar(500)')
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamp(0)')
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'timestamp(0)')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('onl_graphreport_head').ifExists().execute();
}
