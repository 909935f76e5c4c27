import { Cron } from 'croner';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../http/envelope.ts';
import { newId } from '../../lib/ids.ts';
import { formatTimestamp } from '../../lib/time.ts';
import { JOB_HANDLERS } from './handlers.ts';

/*
 * Runs the scheduled jobs of system/job: one croner timer per job whose status is running. The timers
 * follow the table on every process: at start (so jobs resume after a restart) and whenever any process
 * commits a write to it (the 'jobs' notice: LISTEN/NOTIFY on PostgreSQL), so a pause, an edit or a new job
 * reaches them all. Each due tick is claimed in job_run_claim: the process whose claim lands runs it, the
 * others skip it, so a tick runs once in the whole cluster. Every run, timed or by hand, leaves a row in
 * the run log (system/job_log) naming the process that ran it.
 */

/** This process in the run log and the claims: host and pid. */
export const RUNNER = `${hostname()}#${process.pid}`;
export const JOBS_TOPIC = 'jobs';
/** Claims older than this are pruned when the timers reload. */
const CLAIM_KEEP_MS = 24 * 3600 * 1000;

export const JOB_TABLE = 'quartz_job';
export const JOB_LOG_TABLE = 'quartz_job_log';
export const RUNNING = '1';
export const PAUSED = '0';

interface JobRow {
  id: string;
  job_name: string;
  cron_expression: string;
  job_handler: string;
  parameter: string | null;
  status: string;
  tenant_id: number | null;
  sys_org_code: string | null;
}

export interface RunOutcome {
  success: boolean;
  message: string;
}

export class JobScheduler {
  private readonly timers = new Map<string, Cron>();
  private stopped = false;
  private reloading: Promise<void> = Promise.resolve();

  constructor(private readonly ctx: AppContext) {}

  private get db(): Kysely<any> {
    return this.ctx.db;
  }

  /** The ids of jobs with a live timer (for tests and the screen). */
  get scheduled(): string[] {
    return [...this.timers.keys()];
  }

  /**
   * Re-reads the running jobs and replaces the timers. Calls are queued, never overlapped: two reloads
   * interleaved (a write's notice and the operation's own reload arrive together) would each build timers
   * and one set would be left running untracked, still firing after stop().
   */
  reload(): Promise<void> {
    const next = this.reloading.then(() => this.reloadNow());
    this.reloading = next.catch(() => undefined);
    return next;
  }

  private async reloadNow(): Promise<void> {
    if (this.stopped) return;
    await this.db
      .deleteFrom('job_run_claim')
      .where('claimed_at', '<', formatTimestamp(new Date(Date.now() - CLAIM_KEEP_MS)))
      .execute();
    const jobs: Pick<JobRow, 'id' | 'cron_expression'>[] = await this.db
      .selectFrom(JOB_TABLE)
      .select(['id', 'cron_expression'])
      .where('status', '=', RUNNING)
      .execute();
    // Stopped while the rows were read (the server closing): no timer may outlive it.
    if (this.stopped) return;
    this.stopTimers();
    for (const job of jobs) {
      try {
        // protect: a run still going when the next one is due is skipped, never stacked. No `name`: croner
        // keeps named timers in one registry per process, where a second app (tests) would collide.
        this.timers.set(job.id, new Cron(job.cron_expression, { protect: true }, (self: Cron) => this.timed(job.id, self.currentRun())));
      } catch (error) {
        // The writer refuses bad expressions; a row edited behind the runtime's back is skipped, not fatal.
        console.warn(`定时任务 ${job.id} 的 cron 表达式无效，未启动:`, error instanceof Error ? error.message : error);
      }
    }
  }

  /** A timer's run: nothing it meets (the job deleted meanwhile, the database closing) may escape as an unhandled rejection. */
  private async timed(id: string, due: Date | null): Promise<void> {
    try {
      // The tick's due second: the same on every process whose timer fires for it (a few ms apart).
      const dueAt = formatTimestamp(new Date(Math.round((due ?? new Date()).getTime() / 1000) * 1000));
      const claimed = await this.db
        .insertInto('job_run_claim')
        .values({ job_id: id, due_at: dueAt, runner: RUNNER, claimed_at: formatTimestamp(new Date()) })
        .onConflict((oc) => oc.columns(['job_id', 'due_at']).doNothing())
        .returning('job_id')
        .executeTakeFirst();
      if (!claimed) return;
      await this.run(id);
    } catch (error) {
      if (!this.stopped) console.warn(`定时任务 ${id} 未能执行:`, error instanceof Error ? error.message : error);
    }
  }

  /** Runs a job now and logs the run; a failing handler is logged as failed, never thrown. */
  async run(id: string): Promise<RunOutcome> {
    const job: JobRow | undefined = await this.db
      .selectFrom(JOB_TABLE)
      .select(['id', 'job_name', 'cron_expression', 'job_handler', 'parameter', 'status', 'tenant_id', 'sys_org_code'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!job) throw badRequest('定时任务不存在');
    const handler = JOB_HANDLERS[job.job_handler];
    const started = new Date();
    let outcome: RunOutcome;
    try {
      if (!handler) throw new Error(`任务处理器不存在: ${job.job_handler}`);
      outcome = { success: true, message: await handler({ ctx: this.ctx, parameter: job.parameter ?? '' }) };
    } catch (error) {
      outcome = { success: false, message: error instanceof Error ? error.message : String(error) };
    }
    const ended = new Date();
    await this.db
      .insertInto(JOB_LOG_TABLE)
      .values({
        id: newId(),
        job_id: job.id,
        start_time: formatTimestamp(started),
        end_time: formatTimestamp(ended),
        cost_ms: ended.getTime() - started.getTime(),
        success: outcome.success ? '1' : '0',
        message: outcome.message.slice(0, 2000),
        create_by: 'system',
        create_time: formatTimestamp(ended),
        // The run belongs where its job does, so whoever sees the job sees its runs.
        tenant_id: job.tenant_id ?? 0,
        sys_org_code: job.sys_org_code,
        runner: RUNNER,
      })
      .execute();
    return outcome;
  }

  private stopTimers(): void {
    for (const timer of this.timers.values()) timer.stop();
    this.timers.clear();
  }

  stop(): void {
    this.stopped = true;
    this.stopTimers();
  }
}
