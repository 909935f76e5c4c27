import type { Session } from '../auth/session.ts';
import { badRequest, notFound } from '../http/envelope.ts';
import { newId } from '../lib/ids.ts';
import { nowText } from '../lib/time.ts';
import type { WfEntrustView } from '../../src/core/workflow/wire.ts';
import { idOf } from './actions.ts';
import { isActiveUser, realnames } from './assignees.ts';
import type { WorkflowEngine } from './engine.ts';

/*
 * 委托: a person hands their tasks to an agent for a date range. The agent sees and acts on the owner's
 * open tasks while it lasts (the timeline says 代 owner); nothing is moved, so ending it early is enough
 * to give them back.
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export class Entrusts {
  constructor(private readonly engine: WorkflowEngine) {}

  private get db() {
    return this.engine.db;
  }

  async list(session: Session): Promise<WfEntrustView[]> {
    const rows = await this.db
      .selectFrom('wf_entrust')
      .selectAll()
      .where('owner', '=', session.user.username)
      .where('tenant_id', '=', session.tenantId)
      .orderBy('create_time', 'desc')
      .execute();
    const names = await realnames(
      this.db,
      rows.map((r) => r.agent),
    );
    const today = nowText().slice(0, 10);
    return rows.map((r) => ({
      id: String(r.id),
      agent: String(r.agent),
      agentName: names.get(String(r.agent)) ?? String(r.agent),
      beginDate: String(r.begin_date),
      endDate: String(r.end_date),
      reason: r.reason ? String(r.reason) : null,
      active: Number(r.status) === 1 && String(r.end_date) >= today,
    }));
  }

  async add(session: Session, input: Record<string, unknown>): Promise<{ id: string }> {
    const { agent, beginDate, endDate, reason } = input;
    if (!agent) throw badRequest('请选择受托人');
    if (agent === session.user.username) throw badRequest('不能委托给自己');
    if (!(await isActiveUser(this.db, agent, session.tenantId))) throw badRequest('受托人不存在或已冻结');
    if (typeof beginDate !== 'string' || !DATE.test(beginDate) || typeof endDate !== 'string' || !DATE.test(endDate))
      throw badRequest('请选择委托的开始和结束日期');
    if (endDate < beginDate) throw badRequest('结束日期不能早于开始日期');
    if (endDate < nowText().slice(0, 10)) throw badRequest('结束日期不能早于今天');
    if (reason !== undefined && reason !== null && (typeof reason !== 'string' || reason.length > 200)) throw badRequest('委托说明不能超过200个字符');
    const overlapping = await this.db
      .selectFrom('wf_entrust')
      .select('id')
      .where('owner', '=', session.user.username)
      .where('status', '=', 1)
      .where('begin_date', '<=', endDate)
      .where('end_date', '>=', beginDate)
      .executeTakeFirst();
    if (overlapping) throw badRequest('该时间段已有生效的委托');
    const id = newId();
    await this.db
      .insertInto('wf_entrust')
      .values({
        id,
        owner: session.user.username,
        agent: String(agent),
        begin_date: beginDate,
        end_date: endDate,
        reason: (reason as string | undefined)?.trim() || null,
        status: 1,
        create_time: nowText(),
        tenant_id: session.tenantId,
      })
      .execute();
    return { id };
  }

  async revoke(session: Session, id: unknown): Promise<void> {
    const done = await this.db
      .updateTable('wf_entrust')
      .set({ status: 0 })
      .where('id', '=', idOf(id))
      .where('owner', '=', session.user.username)
      .where('status', '=', 1)
      .executeTakeFirst();
    if (!Number(done.numUpdatedRows)) throw notFound('委托不存在或已取消');
  }
}
