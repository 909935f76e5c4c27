import { type Kysely, sql } from 'kysely';

/*
 * Scheduled runs claimed in the database: every process keeps a timer per running job, and the one whose
 * insert of (job, due time) lands runs that tick; the others find the row and skip it. So a tick runs once
 * however many processes share the database, embedded or PostgreSQL alike (no advisory lock needed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_run_claim')
    .ifNotExists()
    .addColumn('job_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('due_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('runner', 'varchar(120)', (c) => c.notNull())
    .addColumn('claimed_at', 'timestamp', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('job_run_claim_pk', ['job_id', 'due_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_run_claim').ifExists().execute();
}
