import { type Kysely, sql } from 'kysely';

/*
 * A password change or reset ends the user's other sessions: tokens issued before sys_user.session_floor
 * (epoch seconds) are refused, except the token named by session_keep (the session that changed its own
 * password). The user row is cached per process and dropped on every process when it changes, so the
 * end reaches all of them at once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table sys_user add column if not exists session_floor integer not null default 0`.execute(db);
  await sql`alter table sys_user add column if not exists session_keep varchar(64)`.execute(db);
}

export async function down(): Promise<void> {}
