import { type Kysely, sql } from 'kysely';

/*
 * Exact row counts of runtime tables without count(*): statement-level triggers (installed per table by
 * the schema runtime) keep one counter row per table in step with every insert and delete, bulk ones
 * included. An unfiltered list page reads its total from here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_row_count')
    .addColumn('table_name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('n', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    create or replace function sys_row_count_trg() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into sys_row_count as c (table_name, n) values (tg_table_name, (select count(*) from new_rows))
        on conflict (table_name) do update set n = c.n + excluded.n;
      else
        update sys_row_count set n = n - (select count(*) from old_rows) where table_name = tg_table_name;
      end if;
      return null;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists sys_row_count_trg() cascade`.execute(db);
  await db.schema.dropTable('sys_row_count').ifExists().execute();
}
