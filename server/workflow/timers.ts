import { sql } from 'kysely';
import { nowText } from '../lib/time.ts';
import { type WorkflowEngine, workflowSession } from './engine.ts';

/*
 * Timer catch events fire once however many server processes share the database: every process polls for
 * due timers, and firing happens in the instance's step (its row locked) by an update that only succeeds
 * while the timer is unfired. The loser of a race finds it fired and skips it. Timers of a suspended
 * instance wait until it resumes; a restart loses none, since they are rows.
 */

export class WorkflowTimers {
  private handle: NodeJS.Timeout | undefined;
  private running = false;

  constructor(
    private readonly engine: WorkflowEngine,
    private readonly runner: string,
    private readonly everyMs: number,
  ) {}

  start(): void {
    if (this.everyMs <= 0) return;
    this.handle = setInterval(() => void this.tick().catch((error) => console.warn('workflow timers:', error)), this.everyMs);
    this.handle.unref();
  }

  stop(): void {
    clearInterval(this.handle);
  }

  /** Fires every due timer once; answers how many this process fired. */
  async tick(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    let fired = 0;
    try {
      const db = this.engine.db;
      const due = await db
        .selectFrom('wf_timer as t')
        .innerJoin('wf_instance as i', 'i.id', 't.instance_id')
        .select(['t.id', 't.instance_id', 't.token_id', 't.node_id', 'i.initiator'])
        .where('t.fired_time', 'is', null)
        .where('t.due_time', '<=', sql<string>`${nowText()}::timestamp`)
        .where('i.status', '=', 'running')
        .orderBy('t.due_time')
        .limit(100)
        .execute();
      for (const timer of due) {
        const user = await db.selectFrom('sys_user').selectAll().where('username', '=', String(timer.initiator)).executeTakeFirst();
        if (!user) continue;
        const head = await db.selectFrom('wf_instance').select('tenant_id').where('id', '=', timer.instance_id).executeTakeFirstOrThrow();
        const took = await this.engine.step(workflowSession(user, head.tenant_id, 'workflow-timer'), String(timer.instance_id), async (s) => {
          if (s.instance.status !== 'running') return false;
          const claimed = await s.db
            .updateTable('wf_timer')
            .set({ fired_time: s.now, fired_by: this.runner })
            .where('id', '=', timer.id)
            .where('fired_time', 'is', null)
            .executeTakeFirst();
          if (!Number(claimed.numUpdatedRows)) return false;
          const node = s.process.nodes[String(timer.node_id)];
          await this.engine.event(s, { action: 'timer', actor: String(timer.initiator), node: node?.id, nodeName: node?.name || node?.id });
          await this.engine.advanceToken(s, String(timer.token_id));
          return true;
        });
        if (took) fired++;
      }
    } finally {
      this.running = false;
    }
    return fired;
  }
}
