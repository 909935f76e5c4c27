import type { Kysely } from 'kysely';

/*
 * SMS codes for phone sign-in (/sys/sms, /sys/phoneLogin), kept in the database so that whichever process
 * answers the sign-in checks the code another one sent: a hash of phone, purpose and code, one per phone
 * and purpose, short-lived, single use, with the wrong tries counted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_sms_code')
    .ifNotExists()
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(10)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('pk_sys_sms_code', ['phone', 'purpose'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_sms_code').ifExists().execute();
}
