import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { ProcessFigures } from '../../src/core/monitor-types.ts';
import type { ProcessMetrics } from './metrics.ts';

/*
 * Each server process's row in sys_monitor_process: written once at start and then every
 * config.heartbeatSeconds (one upsert), deleted on a clean stop. Rows unseen for an hour (a process that
 * was killed) are pruned by whichever process is running. The row's times are the database's clock.
 */

const TABLE = 'sys_monitor_process';
/** Rows unseen this long are gone for good. */
const PRUNE_AFTER = '1 hour';
/** How often a process prunes (at start, then at most this often). */
const PRUNE_EVERY_MS = 10 * 60_000;

/** A process's row as read back: its figures, and its times as epoch seconds of the database's clock. */
export interface ProcessRow extends ProcessFigures {
  id: string;
  host: string;
  pid: number;
  startedAt: number;
  seenAt: number;
  /** Seconds since the row was last written, by the database's clock. */
  ageSeconds: number;
}

export class ProcessHeartbeat {
  /** Unique per server instance: several may share a host and even a Node.js process (the API tests). */
  readonly id = `${hostname()}#${process.pid}#${randomBytes(3).toString('hex')}`;
  readonly host = hostname();
  readonly startedAt = new Date();
  private timer: ReturnType<typeof setInterval> | undefined;
  private writing: Promise<void> | undefined;
  private running = false;
  private prunedAt = 0;
  private failing = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly metrics: ProcessMetrics,
    readonly intervalSeconds: number,
  ) {}

  /** Writes the first row (a failure is logged, the server starts anyway) and starts the timer. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.beat();
    if (!this.running) return;
    this.timer = setInterval(() => void this.beat(), this.intervalSeconds * 1000);
    this.timer.unref();
  }

  /** One write; a beat still writing when the next is due is not doubled (a slow database gets one at a time). */
  beat(): Promise<void> {
    this.writing ??= this.write().finally(() => {
      this.writing = undefined;
    });
    return this.writing;
  }

  /** Stops the timer, waits for a write under way, and deletes this process's row. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.writing;
    try {
      await this.db.deleteFrom(TABLE).where('id', '=', this.id).execute();
    } catch (error) {
      console.warn(`monitor heartbeat row not deleted: ${(error as Error).message}`);
    }
  }

  private async write(): Promise<void> {
    try {
      const f = await this.metrics.figures();
      const figures = {
        requests: f.requests,
        errors: f.errors,
        error_rate: f.errorRate,
        requests_per_second: f.requestsPerSecond,
        p50_ms: f.p50Ms,
        p99_ms: f.p99Ms,
        open_connections: f.openConnections,
        websockets: f.websockets,
        heap_used_mb: f.heapUsedMb,
        rss_mb: f.rssMb,
      };
      await this.db
        .insertInto(TABLE)
        .values({ id: this.id, host: this.host, pid: process.pid, ...figures })
        .onConflict((oc) => oc.column('id').doUpdateSet({ ...figures, seen_at: sql`now()` }))
        .execute();
      if (Date.now() - this.prunedAt > PRUNE_EVERY_MS) {
        this.prunedAt = Date.now();
        await this.db
          .deleteFrom(TABLE)
          .where('seen_at', '<', sql<string>`now() - interval ${sql.lit(PRUNE_AFTER)}`)
          .execute();
      }
      if (this.failing) console.warn('monitor heartbeat written again');
      this.failing = false;
    } catch (error) {
      // Once per run of failures: a database that is down would otherwise log at every beat.
      if (!this.failing) console.warn(`monitor heartbeat not written: ${(error as Error).message}`);
      this.failing = true;
    }
  }

  /** Every process's row, the oldest process first. */
  async rows(): Promise<ProcessRow[]> {
    const rows = await this.db
      .selectFrom(TABLE)
      .select([
        'id',
        'host',
        'pid',
        'requests',
        'errors',
        'error_rate',
        'requests_per_second',
        'p50_ms',
        'p99_ms',
        'open_connections',
        'websockets',
        'heap_used_mb',
        'rss_mb',
        sql<number>`extract(epoch from started_at)::float8`.as('started'),
        sql<number>`extract(epoch from seen_at)::float8`.as('seen'),
        sql<number>`extract(epoch from now() - seen_at)::float8`.as('age'),
      ])
      .orderBy('started_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      host: r.host,
      pid: Number(r.pid),
      startedAt: Number(r.started),
      seenAt: Number(r.seen),
      ageSeconds: Number(r.age),
      requests: Number(r.requests),
      errors: Number(r.errors),
      errorRate: Number(r.error_rate),
      requestsPerSecond: Number(r.requests_per_second),
      p50Ms: Number(r.p50_ms),
      p99Ms: Number(r.p99_ms),
      openConnections: Number(r.open_connections),
      websockets: Number(r.websockets),
      heapUsedMb: Number(r.heap_used_mb),
      rssMb: Number(r.rss_mb),
    }));
  }
}
