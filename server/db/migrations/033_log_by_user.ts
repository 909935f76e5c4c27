import { type Kysely, sql } from 'kysely';

/* 工作台's 最近动态 reads one user's newest lines of the system log: an index for that, however long the log grows. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists idx_log_user_time on sys_log (userid, create_time desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists idx_log_user_time`.execute(db);
}
