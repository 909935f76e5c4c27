import { type Kysely, sql } from 'kysely';

/*
 * 监控中心's figures of every server process sharing the database: each process keeps one row here,
 * written at start and every MONITOR_HEARTBEAT_SECONDS (server/monitor/heartbeat.ts), deleted when it
 * stops cleanly; rows unseen for an hour are pruned. Times are the database's clock, so processes on
 * hosts whose clocks differ still agree on which rows are fresh.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_monitor_process')
    .ifNotExists()
    .addColumn('id', 'varchar(120)', (c) => c.primaryKey())
    .addColumn('host', 'varchar(255)', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Since the process started.
    .addColumn('requests', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('errors', 'bigint', (c) => c.notNull().defaultTo(0))
    // Over the last minute.
    .addColumn('error_rate', 'numeric(7, 4)', (c) => c.notNull().defaultTo(0))
    .addColumn('requests_per_second', 'numeric(12, 2)', (c) => c.notNull().defaultTo(0))
    .addColumn('p50_ms', 'numeric(12, 1)', (c) => c.notNull().defaultTo(0))
    .addColumn('p99_ms', 'numeric(12, 1)', (c) => c.notNull().defaultTo(0))
    // Now.
    .addColumn('open_connections', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('websockets', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('heap_used_mb', 'numeric(12, 1)', (c) => c.notNull().defaultTo(0))
    .addColumn('rss_mb', 'numeric(12, 1)', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_monitor_process').ifExists().execute();
}
