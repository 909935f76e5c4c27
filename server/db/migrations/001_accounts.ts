import type { Kysely } from 'kysely';

/* Accounts, permissions, departments, tenants, dictionaries, token revocation and login logs. */

type CreateTable = ReturnType<Kysely<unknown>['schema']['createTable']>;

const id = (t: CreateTable) => t.addColumn('id', 'varchar(32)', (c) => c.primaryKey());
const audit = (t: CreateTable) =>
  t
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamp(0)')
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'timestamp(0)');

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('sys_meta')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await s
    .createTable('sys_tenant')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('create_time', 'timestamp(0)')
    .execute();

  await audit(id(s.createTable('sys_depart')))
    .addColumn('parent_id', 'varchar(32)')
    .addColumn('depart_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('org_code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('org_category', 'varchar(10)', (c) => c.notNull().defaultTo('1'))
    .addColumn('depart_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text')
    .addColumn('status', 'varchar(1)', (c) => c.notNull().defaultTo('1'))
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await audit(id(s.createTable('sys_user')))
    .addColumn('username', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('realname', 'varchar(100)', (c) => c.notNull())
    .addColumn('password', 'varchar(255)', (c) => c.notNull())
    .addColumn('avatar', 'varchar(255)')
    .addColumn('birthday', 'date')
    .addColumn('sex', 'integer')
    .addColumn('email', 'varchar(100)')
    .addColumn('phone', 'varchar(45)')
    .addColumn('org_code', 'varchar(64)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('work_no', 'varchar(100)')
    .addColumn('post', 'varchar(100)')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await audit(id(s.createTable('sys_role')))
    .addColumn('role_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('role_code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('description', 'varchar(255)')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await id(s.createTable('sys_user_role'))
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('role_id', 'varchar(32)', (c) => c.notNull().references('sys_role.id').onDelete('cascade'))
    .addUniqueConstraint('uq_user_role', ['user_id', 'role_id'])
    .execute();

  await audit(id(s.createTable('sys_permission')))
    .addColumn('parent_id', 'varchar(32)')
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('url', 'varchar(255)')
    .addColumn('component', 'varchar(255)')
    .addColumn('component_name', 'varchar(100)')
    .addColumn('redirect', 'varchar(255)')
    .addColumn('menu_type', 'integer', (c) => c.notNull())
    .addColumn('perms', 'varchar(255)')
    .addColumn('perms_type', 'varchar(10)', (c) => c.notNull().defaultTo('1'))
    .addColumn('sort_no', 'numeric(8, 2)', (c) => c.notNull().defaultTo(0))
    .addColumn('always_show', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('icon', 'varchar(100)')
    .addColumn('is_route', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_leaf', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('keep_alive', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('internal_or_external', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('description', 'varchar(255)')
    .addColumn('status', 'varchar(2)', (c) => c.notNull().defaultTo('1'))
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s.createIndex('idx_permission_parent').on('sys_permission').column('parent_id').execute();

  await id(s.createTable('sys_role_permission'))
    .addColumn('role_id', 'varchar(32)', (c) => c.notNull().references('sys_role.id').onDelete('cascade'))
    .addColumn('permission_id', 'varchar(32)', (c) => c.notNull().references('sys_permission.id').onDelete('cascade'))
    .addColumn('data_rule_ids', 'text')
    .addUniqueConstraint('uq_role_permission', ['role_id', 'permission_id'])
    .execute();

  await id(s.createTable('sys_user_depart'))
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('dep_id', 'varchar(32)', (c) => c.notNull().references('sys_depart.id').onDelete('cascade'))
    .addUniqueConstraint('uq_user_depart', ['user_id', 'dep_id'])
    .execute();

  await s
    .createTable('sys_user_tenant')
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('sys_tenant.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('pk_user_tenant', ['user_id', 'tenant_id'])
    .execute();

  await audit(id(s.createTable('sys_dict')))
    .addColumn('dict_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('dict_code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('description', 'varchar(255)')
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await audit(id(s.createTable('sys_dict_item')))
    .addColumn('dict_id', 'varchar(32)', (c) => c.notNull().references('sys_dict.id').onDelete('cascade'))
    .addColumn('item_text', 'varchar(100)', (c) => c.notNull())
    .addColumn('item_value', 'varchar(100)', (c) => c.notNull())
    .addColumn('item_color', 'varchar(20)')
    .addColumn('description', 'varchar(255)')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('uq_dict_item_value', ['dict_id', 'item_value'])
    .execute();

  await s
    .createTable('sys_token_revoked')
    .addColumn('jti', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('expires_at', 'timestamp(0)', (c) => c.notNull())
    .execute();

  await s
    .createTable('sys_login_failure')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('username', 'varchar(100)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('failed_at', 'timestamp(3)', (c) => c.notNull())
    .execute();
  await s.createIndex('idx_login_failure_user').on('sys_login_failure').columns(['username', 'failed_at']).execute();

  await s
    .createTable('sys_log')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('log_type', 'integer', (c) => c.notNull())
    .addColumn('log_content', 'text')
    .addColumn('operate_type', 'integer')
    .addColumn('userid', 'varchar(32)')
    .addColumn('username', 'varchar(100)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('method', 'varchar(255)')
    .addColumn('request_url', 'varchar(255)')
    .addColumn('request_type', 'varchar(10)')
    .addColumn('request_param', 'text')
    .addColumn('cost_time', 'integer')
    .addColumn('create_time', 'timestamp(0)', (c) => c.notNull())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s.createIndex('idx_log_type_time').on('sys_log').columns(['log_type', 'create_time']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'sys_log',
    'sys_login_failure',
    'sys_token_revoked',
    'sys_dict_item',
    'sys_dict',
    'sys_user_tenant',
    'sys_user_depart',
    'sys_role_permission',
    'sys_permission',
    'sys_user_role',
    'sys_role',
    'sys_user',
    'sys_depart',
    'sys_tenant',
    'sys_meta',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
