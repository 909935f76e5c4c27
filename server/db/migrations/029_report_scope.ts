import { type Kysely, sql } from 'kysely';

/*
 * An online report may name the screen whose data rules limit its rows (scope_entity, e.g.
 * donation/activity): the report role's row-level security walls off other tenants, and this is how a
 * department rule reaches SQL an administrator wrote. The demo activity report, as a first start
 * wrote it, gets its scope and the department column the rules need.
 */
const OLD_ACTIVITY_SQL = `select a.id, a.activity_no, a.activity_name, a.category, a.status, a.target_amount, a.raised_amount, a.donor_count, a.start_date
      from donation_activity a where a.status <> \${exclude_status}`;

const ACTIVITY_SQL = `select a.id, a.activity_no, a.activity_name, a.category, a.status, a.target_amount, a.raised_amount, a.donor_count, a.start_date,
        a.sys_org_code, a.create_by
      from donation_activity a where a.status <> \${exclude_status}`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table onl_cgreport_head add column if not exists scope_entity varchar(100)`.execute(db);
  await db
    .updateTable('onl_cgreport_head')
    .set({ scope_entity: 'donation/activity', cgr_sql: ACTIVITY_SQL })
    .where('code', '=', 'report_donation_activity')
    .where('cgr_sql', '=', OLD_ACTIVITY_SQL)
    .execute();
}

export async function down(): Promise<void> {}
