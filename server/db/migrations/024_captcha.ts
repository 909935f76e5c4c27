import type { Kysely } from 'kysely';

/*
 * Captcha codes (/sys/randomImage/{key}), kept in the database so that whichever process answers the
 * sign-in checks the code another one drew: a hash of the key and code, single use, short-lived.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_captcha')
    .ifNotExists()
    .addColumn('check_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(19)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_captcha').ifExists().execute();
}
