import { type Kysely, sql } from 'kysely';

/*
 * Access control beyond roles and menus: data rules per menu entry (which rows a role's holders see),
 * positions (职务) and the users holding them. Roles pick data rules through sys_role_permission.data_rule_ids.
 */

type CreateTable = ReturnType<Kysely<unknown>['schema']['createTable']>;

const audit = (t: CreateTable) =>
  t
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamp(0)')
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'timestamp(0)');

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  // The user screen writes sys_user through the schema runtime, which never names the password column;
  // the hash follows in the same transaction. An empty hash never verifies, so such a row cannot sign in.
  await sql`alter table sys_user alter column password set default ''`.execute(db);
  await audit(s.createTable('sys_permission_data_rule').addColumn('id', 'varchar(32)', (c) => c.primaryKey()))
    .addColumn('permission_id', 'varchar(32)', (c) => c.notNull().references('sys_permission.id').onDelete('cascade'))
    .addColumn('rule_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('rule_column', 'varchar(64)', (c) => c.notNull())
    .addColumn('rule_conditions', 'varchar(20)', (c) => c.notNull())
    .addColumn('rule_value', 'varchar(300)', (c) => c.notNull())
    .addColumn('status', 'varchar(1)', (c) => c.notNull().defaultTo('1'))
    .execute();
  await s.createIndex('idx_data_rule_permission').on('sys_permission_data_rule').column('permission_id').execute();

  await audit(s.createTable('sys_position').addColumn('id', 'varchar(32)', (c) => c.primaryKey()))
    .addColumn('code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('post_rank', 'varchar(2)')
    .addColumn('sys_org_code', 'varchar(64)')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await s
    .createTable('sys_user_position')
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('position_id', 'varchar(32)', (c) => c.notNull().references('sys_position.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('pk_user_position', ['user_id', 'position_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['sys_user_position', 'sys_position', 'sys_permission_data_rule']) await db.schema.dropTable(t).ifExists().execute();
}
