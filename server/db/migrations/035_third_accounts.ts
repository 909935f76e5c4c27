import type { Kysely } from 'kysely';

/*
 * Third-party sign-in (server/auth/oauth.ts). sys_third_account binds an account at an OAuth provider
 * (third_type, third_user_uuid: one binding each, and one per provider for a user) to a user of this system,
 * as JeecgBoot's table of that name does. sys_third_login_ticket holds the one-time codes the provider's
 * callback hands the browser — 'login' (a bound account, traded once for a session at getLoginUser) and
 * 'bind' (an account not bound yet, used once by the binding) — kept as hashes in the database so that any
 * process takes a code another one issued, short-lived, deleted by the request that uses it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_third_account')
    .ifNotExists()
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('sys_user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('third_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('third_user_uuid', 'varchar(100)', (c) => c.notNull())
    .addColumn('realname', 'varchar(100)')
    .addColumn('avatar', 'varchar(500)')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('create_by', 'varchar(32)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)')
    .addUniqueConstraint('uq_sys_third_account_uuid', ['third_type', 'third_user_uuid'])
    .addUniqueConstraint('uq_sys_third_account_user', ['sys_user_id', 'third_type'])
    .execute();
  await db.schema
    .createTable('sys_third_login_ticket')
    .ifNotExists()
    .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('third_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('third_user_uuid', 'varchar(100)', (c) => c.notNull())
    .addColumn('sys_user_id', 'varchar(32)')
    .addColumn('realname', 'varchar(100)')
    .addColumn('avatar', 'varchar(500)')
    .addColumn('expires_at', 'varchar(19)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_third_login_ticket').ifExists().execute();
  await db.schema.dropTable('sys_third_account').ifExists().execute();
}
