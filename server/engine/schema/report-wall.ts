import { type Kysely, sql } from 'kysely';

/*
 * The tenant wall for SQL written by administrators (online reports). Such SQL is the one place where
 * query text from outside the code runs, so the engine cannot add its tenant condition to it. Instead the
 * report runs as a role without privileges of its own (REPORT_ROLE: SELECT only), and every table with a
 * tenant column carries a row-level security policy for that role: rows of no tenant (0) and of the
 * tenants named in the transaction's `hope.tenants` setting ('*' = every tenant, for an install that has
 * only one). Unset, the policy shows no tenant's rows: the wall fails closed. The application's own role
 * owns the tables and is not subject to the policies; only the report role is.
 *
 * Built inside the table sync (under its advisory lock), so tables a publication adds get their policy
 * with the same commit. Where the database user may not create roles (a managed PostgreSQL), the wall
 * is not built and online reports refuse to run rather than run unwalled.
 */

export const REPORT_ROLE = 'hope_report';
export const TENANTS_SETTING = 'hope.tenants';
const POLICY = 'hope_tenant';
/** Credentials no report may read: whole tables, and columns of tables that are otherwise readable. */
const SECRET_TABLES = ['sys_captcha', 'sys_sms_code', 'sys_token_revoked', 'sys_login_failure', 'sys_third_login_ticket'];
const SECRET_COLUMNS: Record<string, string[]> = { sys_user: ['password', 'session_keep'], data_source: ['db_password'] };

let built: boolean | undefined;

/** Whether the wall could be built on this database (undefined before the first table sync). */
export const reportWallBuilt = () => built;

export async function syncReportWall(trx: Kysely<any>): Promise<void> {
  await sql`savepoint report_wall`.execute(trx);
  try {
    // Roles belong to the whole server: another database (or process) may create it at the same moment.
    await sql
      .raw(
        `do $$ begin if not exists (select from pg_roles where rolname = '${REPORT_ROLE}') then create role ${REPORT_ROLE} nologin; end if;
         exception when duplicate_object or unique_violation then null; end $$`,
      )
      .execute(trx);
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(trx)).rows[0].s;
    await sql`grant usage on schema ${sql.id(schema)} to ${sql.id(REPORT_ROLE)}`.execute(trx);
    await sql`grant select on all tables in schema ${sql.id(schema)} to ${sql.id(REPORT_ROLE)}`.execute(trx);
    await withholdSecrets(trx, schema);
    await withholdSleep(trx);
    const tables = await sql<{ name: string; secured: boolean; walled: boolean }>`
      select c.relname as name, c.relrowsecurity as secured,
             exists (select from pg_policies p where p.schemaname = ${schema} and p.tablename = c.relname and p.policyname = ${POLICY}) as walled
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schema} and c.relkind = 'r'
        and exists (select from information_schema.columns k where k.table_schema = ${schema} and k.table_name = c.relname and k.column_name = 'tenant_id')`.execute(
      trx,
    );
    for (const t of tables.rows) {
      // Names come from the catalogue, never from a request.
      if (!t.secured) await sql`alter table ${sql.id(t.name)} enable row level security`.execute(trx);
      if (!t.walled) {
        await sql`create policy ${sql.id(POLICY)} on ${sql.id(t.name)} for select to ${sql.id(REPORT_ROLE)} using (
          current_setting(${sql.lit(TENANTS_SETTING)}, true) = '*' or tenant_id = 0
          or tenant_id::text = any(string_to_array(current_setting(${sql.lit(TENANTS_SETTING)}, true), ',')))`.execute(trx);
      }
    }
    await sql`release savepoint report_wall`.execute(trx);
    built = true;
  } catch (error) {
    await sql`rollback to savepoint report_wall`.execute(trx);
    if (built !== false) console.warn(`在线报表的租户隔离未能建立（${error instanceof Error ? error.message : error}），在线报表将拒绝执行`);
    built = false;
  }
}

/**
 * Report SQL may not sleep: a sleep's planned cost is nil, so the embedded database's cost ceiling would not
 * see it, and it would hold that database's one connection until the time limit stops its worker (PGlite
 * ignores statement_timeout; server/db/pglite-thread.ts stops the worker instead), a first guard before that.
 * Taken from PUBLIC, since every role gets functions from there; the application's own role does not sleep.
 * A database user that does not own the functions (a managed PostgreSQL) keeps them: there the
 * statement_timeout applies.
 */
async function withholdSleep(trx: Kysely<any>): Promise<void> {
  await sql`savepoint report_sleep`.execute(trx);
  try {
    await sql`revoke execute on function pg_sleep(double precision), pg_sleep_for(interval), pg_sleep_until(timestamp with time zone) from public`.execute(trx);
    await sql`release savepoint report_sleep`.execute(trx);
  } catch {
    await sql`rollback to savepoint report_sleep`.execute(trx);
  }
}

/** Takes back what the blanket grant gave on credentials: a table-wide grant would cover every column. */
async function withholdSecrets(trx: Kysely<any>, schema: string): Promise<void> {
  const names = [...SECRET_TABLES, ...Object.keys(SECRET_COLUMNS)];
  const columns = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = ${schema} and table_name in (${sql.join(names)}) order by table_name, ordinal_position`.execute(trx);
  const present = new Set(columns.rows.map((c) => c.table_name));
  for (const table of names.filter((t) => present.has(t))) {
    await sql`revoke select on ${sql.id(table)} from ${sql.id(REPORT_ROLE)}`.execute(trx);
    const hidden = SECRET_COLUMNS[table];
    if (!hidden) continue;
    const readable = columns.rows.filter((c) => c.table_name === table && !hidden.includes(c.column_name)).map((c) => sql.id(c.column_name));
    await sql`grant select (${sql.join(readable)}) on ${sql.id(table)} to ${sql.id(REPORT_ROLE)}`.execute(trx);
  }
}

/**
 * Inside a report's read-only transaction: from here on the transaction reads as the report role, seeing
 * rows of `tenants` only (undefined: every tenant — a single-tenant install).
 */
export async function enterReportWall(trx: Kysely<any>, tenants: number[] | undefined): Promise<void> {
  await sql`select set_config(${TENANTS_SETTING}, ${tenants ? tenants.join(',') : '*'}, true)`.execute(trx);
  await sql`set local role ${sql.id(REPORT_ROLE)}`.execute(trx);
}
