import type { Kysely } from 'kysely';

/*
 * Department permissions and department roles (JeecgBoot's sys_depart_permission, sys_depart_role,
 * sys_depart_role_permission, sys_depart_role_user), and the tenant screen's columns on sys_tenant.
 * A department's permissions are the ceiling of its roles: a department role grants its users only
 * what the department itself holds (enforced in services/depart-permissions.ts and permissions.ts).
 */

type CreateTable = ReturnType<Kysely<unknown>['schema']['createTable']>;

const audit = (t: CreateTable) =>
  t
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamp(0)')
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'timestamp(0)');

const departRef = (t: CreateTable) => t.addColumn('depart_id', 'varchar(32)', (c) => c.notNull().references('sys_depart.id').onDelete('cascade'));
const permissionRef = (t: CreateTable) => t.addColumn('permission_id', 'varchar(32)', (c) => c.notNull().references('sys_permission.id').onDelete('cascade'));

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .alterTable('sys_tenant')
    .addColumn('begin_date', 'date')
    .addColumn('end_date', 'date')
    .addColumn('create_by', 'varchar(50)')
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'timestamp(0)')
    .execute();

  await permissionRef(departRef(s.createTable('sys_depart_permission').addColumn('id', 'varchar(32)', (c) => c.primaryKey())))
    .addColumn('data_rule_ids', 'text')
    .execute();
  await s.createIndex('uq_depart_permission').on('sys_depart_permission').columns(['depart_id', 'permission_id']).unique().execute();

  await audit(departRef(s.createTable('sys_depart_role').addColumn('id', 'varchar(32)', (c) => c.primaryKey())))
    .addColumn('role_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('role_code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('description', 'varchar(255)')
    .addColumn('sys_org_code', 'varchar(64)')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await permissionRef(departRef(s.createTable('sys_depart_role_permission').addColumn('id', 'varchar(32)', (c) => c.primaryKey())))
    .addColumn('role_id', 'varchar(32)', (c) => c.notNull().references('sys_depart_role.id').onDelete('cascade'))
    .addColumn('data_rule_ids', 'text')
    .execute();
  await s.createIndex('uq_depart_role_permission').on('sys_depart_role_permission').columns(['role_id', 'permission_id']).unique().execute();

  await s
    .createTable('sys_depart_role_user')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('drole_id', 'varchar(32)', (c) => c.notNull().references('sys_depart_role.id').onDelete('cascade'))
    .addUniqueConstraint('uq_depart_role_user', ['user_id', 'drole_id'])
    .execute();
  await s.createIndex('idx_depart_role_user_user').on('sys_depart_role_user').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['sys_depart_role_user', 'sys_depart_role_permission', 'sys_depart_role', 'sys_depart_permission']) await db.schema.dropTable(t).execute();
  await db.schema
    .alterTable('sys_tenant')
    .dropColumn('begin_date')
    .dropColumn('end_date')
    .dropColumn('create_by')
    .dropColumn('update_by')
    .dropColumn('update_time')
    .execute();
}
