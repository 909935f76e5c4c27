import type { Kysely } from 'kysely';

/*
 * Online reports (JeecgBoot's cgreport): a head with a code, a name and one parametrised read-only query,
 * the columns of its result (title, type, dictionary, shown or searched), and its named parameters. The
 * query text is written by an administrator; request values only ever reach it as bound parameters, and
 * column names only from these rows (see server/services/online-reports/).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('onl_cgreport_head')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    // One select (or with … select) statement; ${name} marks a parameter, bound when it runs.
    .addColumn('cgr_sql', 'text', (c) => c.notNull())
    // Comma list of permission codes, any one of which lets a user read the report; null: every signed-in user.
    .addColumn('perms', 'varchar(500)')
    .addColumn('content', 'varchar(500)')
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamp(0)')
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'timestamp(0)')
    .execute();

  await s
    .createTable('onl_cgreport_item')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('head_id', 'varchar(32)', (c) => c.notNull().references('onl_cgreport_head.id').onDelete('cascade'))
    .addColumn('field_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('field_txt', 'varchar(100)', (c) => c.notNull())
    // string, integer, number, date, datetime: how a filter value is read and compared.
    .addColumn('field_type', 'varchar(20)', (c) => c.notNull().defaultTo('string'))
    // A system dictionary code or a declared table dictionary 'table,text,code': renders the column, and a list query item.
    .addColumn('dict_code', 'varchar(200)')
    .addColumn('is_show', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_search', 'integer', (c) => c.notNull().defaultTo(0))
    // 'single' one value, 'group' a range ({field}_begin / {field}_end).
    .addColumn('search_mode', 'varchar(10)', (c) => c.notNull().defaultTo('single'))
    // '1': the query item shows only when the search area is expanded.
    .addColumn('is_hidden', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
    .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('uq_cgreport_item_field', ['head_id', 'field_name'])
    .execute();

  await s
    .createTable('onl_cgreport_param')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('head_id', 'varchar(32)', (c) => c.notNull().references('onl_cgreport_head.id').onDelete('cascade'))
    .addColumn('param_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('param_txt', 'varchar(100)')
    // Used when a request does not give the parameter.
    .addColumn('param_value', 'varchar(200)')
    .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('uq_cgreport_param_name', ['head_id', 'param_name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('onl_cgreport_param').ifExists().execute();
  await db.schema.dropTable('onl_cgreport_item').ifExists().execute();
  await db.schema.dropTable('onl_cgreport_head').ifExists().execute();
}
