import { type Kysely, sql } from 'kysely';

/*
 * System operations screens over existing tables: fill rules get a record id (the generic screens address
 * records by id; rule_code stays the key the sequences use), the system log gets the HTTP status of each
 * logged request, and the address list (通讯录) is a read-only view of users by department. The tables
 * of jobs, job runs, data sources and check rules are made by the schema runtime from their documents.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sys_fill_rule add column id varchar(32) not null default replace(gen_random_uuid()::text, '-', '')`.execute(db);
  await sql`alter table sys_fill_rule add constraint uq_fill_rule_id unique (id)`.execute(db);
  await sql`alter table sys_fill_rule add column update_by varchar(50), add column update_time timestamp(0)`.execute(db);
  // A form sends an empty prefix or date format as nothing at all: both may be null (read as '').
  await sql`alter table sys_fill_rule alter column prefix drop not null, alter column date_format drop not null`.execute(db);

  await sql`alter table sys_log add column result_code integer`.execute(db);
  await sql`create index idx_log_time on sys_log (create_time desc)`.execute(db);

  // One row per user and department (a user without one is listed once with no department).
  await sql`
    create view sys_address_list as
    select md5(u.id || ':' || coalesce(d.id, '')) as id, u.id as user_id, u.username, u.realname, u.sex, u.phone, u.email,
           u.work_no, u.post, d.id as dep_id, d.depart_name, d.org_code, u.create_time, u.tenant_id
    from sys_user u
    left join sys_user_depart ud on ud.user_id = u.id
    left join sys_depart d on d.id = ud.dep_id and d.del_flag = 0
    where u.del_flag = 0 and u.username <> 'guest'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop view if exists sys_address_list`.execute(db);
  await sql`drop index if exists idx_log_time`.execute(db);
  await sql`alter table sys_log drop column if exists result_code`.execute(db);
  await sql`alter table sys_fill_rule drop column if exists update_time, drop column if exists update_by, drop column if exists id`.execute(db);
}
