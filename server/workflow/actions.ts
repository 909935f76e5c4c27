import type { Session } from '../auth/session.ts';
import { sql } from 'kysely';
import { badRequest, forbidden, notFound } from '../http/envelope.ts';
import { newId } from '../lib/ids.ts';
import { refuseBadText } from '../engine/write/text-guard.ts';
import { columnFor } from '../../src/core/schema/field-names.ts';
import { isActiveUser, realnames } from './assignees.ts';
import { leadsTo } from './interpreter.ts';
import type { Row, Step, WorkflowEngine } from './engine.ts';

/*
 * What people do to tasks and instances (issue 18): approve, reject back to any earlier step (or to the
 * applicant, which ends the instance rejected), transfer, add a signer, claim; withdraw an untouched
 * application; urge; and the administrator's suspend, resume, terminate and reassign. Each is one step of
 * the engine: one transaction, the instance locked, a timeline entry, nothing changed when it refuses.
 */

export type Notify = (session: Session, usernames: string[], title: string, html: string) => Promise<void>;

const COMMENT_MAX = 500;
const URGE_INTERVAL_MS = 10 * 60_000;

export interface ActionInput {
  id?: unknown;
  comment?: unknown;
  values?: unknown;
  target?: unknown;
  username?: unknown;
  cc?: unknown;
}

function textOf(value: unknown, label: string, required = false): string | undefined {
  if (value === undefined || value === null || value === '') {
    if (required) throw badRequest(`请填写${label}`);
    return undefined;
  }
  if (typeof value !== 'string') throw badRequest(`${label}格式不正确`);
  const text = value.trim();
  if (required && !text) throw badRequest(`请填写${label}`);
  if (text.length > COMMENT_MAX) throw badRequest(`${label}不能超过${COMMENT_MAX}个字符`);
  refuseBadText({ [label]: text }, (n) => n);
  return text || undefined;
}

export function idOf(value: unknown, what = 'ID'): string {
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{1,32}$/.test(value)) throw badRequest(`${what}格式不正确`);
  return value;
}

function usernamesOf(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  const list = Array.isArray(value) ? value : String(value).split(',');
  return list.map((v) => String(v).trim()).filter(Boolean);
}

/**
 * The values an approver enters, sent by property (approvedAmount) as records travel, under their columns
 * (what the engine and the record's writer use). A column's own name where the field has another property
 * (approved_amount) is refused, naming the property; any other name is left for the step's check to refuse.
 */
function valuesOf(s: Step, given: unknown): Record<string, unknown> {
  if (!given || typeof given !== 'object' || Array.isArray(given)) return {};
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(given)) {
    const wire = s.model?.wire;
    const column = wire ? wire.column(key) : columnFor(key);
    if (column === undefined && wire?.property(key) !== undefined) throw badRequest(`未知字段: ${wire.describe(key)}`);
    values[column ?? key] = value;
  }
  return values;
}

export class WorkflowActions {
  constructor(
    readonly engine: WorkflowEngine,
    private readonly notify: Notify,
  ) {}

  private get db() {
    return this.engine.db;
  }

  /** The task (tenant-checked) and the step run on its instance. */
  private async onTask<T>(session: Session, taskId: unknown, work: (s: Step, task: Row) => Promise<T>): Promise<T> {
    const id = idOf(taskId, '任务ID');
    const head = await this.db.selectFrom('wf_task').select(['instance_id', 'tenant_id']).where('id', '=', id).executeTakeFirst();
    if (!head || Number(head.tenant_id) !== Number(session.tenantId)) throw notFound('任务不存在');
    return this.engine.step(session, String(head.instance_id), async (s) => work(s, await this.engine.openTask(s, id)));
  }

  private async demandUser(s: Step, username: unknown, what: string): Promise<string> {
    if (!(await isActiveUser(s.db, username, Number(s.instance.tenant_id)))) throw badRequest(`${what}不存在或已冻结`);
    return String(username);
  }

  /** Approving: the task's editable fields may be set; the token moves on once every signer of it has approved. */
  async approve(session: Session, input: ActionInput): Promise<void> {
    const comment = textOf(input.comment, '审批意见');
    await this.onTask(session, input.id, async (s, task) => {
      const node = s.process.nodes[task.node_id];
      const values = valuesOf(s, input.values);
      const refused = Object.keys(values).filter((f) => node.fields?.[f] !== 'edit');
      if (refused.length) throw badRequest(`此步骤不能修改字段：${refused.map((f) => s.model?.field.get(f)?.label ?? f).join('、')}`);
      refuseBadText(values, (f) => s.model?.field.get(f)?.label ?? f);
      s.instance.variables = JSON.stringify({ ...this.engine.variables(s), ...values });
      await s.db.updateTable('wf_instance').set({ variables: s.instance.variables }).where('id', '=', s.instance.id).execute();
      await this.close(s, task, 'approve', comment);
      const cc = usernamesOf(input.cc);
      for (const u of cc) await this.demandUser(s, u, `抄送人【${u}】`);
      await this.engine.copyTo(s, cc, task.node_name);
      const signers = await s.db
        .selectFrom('wf_task')
        .select('id')
        .where('instance_id', '=', s.instance.id)
        .where('token_id', '=', task.token_id)
        .where('status', '=', 'open')
        .execute();
      if (!signers.length) await this.engine.advanceToken(s, task.token_id, comment);
    });
  }

  /** Rejecting: back to an earlier user task this instance has passed, or (no target) to the applicant. */
  async reject(session: Session, input: ActionInput): Promise<void> {
    const comment = textOf(input.comment, '驳回意见', true)!;
    await this.onTask(session, input.id, async (s, task) => {
      await this.close(s, task, 'reject', comment, typeof input.target === 'string' && input.target ? input.target : null);
      if (!input.target) return this.engine.finish(s, 'rejected', comment);
      const target = String(input.target);
      const passed = await this.passedNodes(s);
      if (!passed.has(target) || !leadsTo(s.process, target, task.node_id)) throw badRequest('只能驳回到之前已办理的审批节点');
      await this.engine.backTo(s, String(task.token_id), target);
    });
  }

  /** The user tasks this instance has been through (done tasks), the rejection targets. */
  async passedNodes(s: { db: Step['db']; instance: Row }): Promise<Set<string>> {
    const rows = await s.db
      .selectFrom('wf_task')
      .select('node_id')
      .where('instance_id', '=', s.instance.id)
      .where('status', '=', 'done')
      .where('outcome', '=', 'approve')
      .execute();
    return new Set(rows.map((r) => String(r.node_id)));
  }

  async transfer(session: Session, input: ActionInput): Promise<void> {
    const comment = textOf(input.comment, '转办说明');
    await this.onTask(session, input.id, async (s, task) => {
      const to = await this.demandUser(s, input.username, '转办对象');
      if (to === session.user.username || to === task.assignee) throw badRequest('不能转办给自己');
      await s.db.updateTable('wf_task').set({ assignee: to, candidates: null }).where('id', '=', task.id).execute();
      await this.engine.event(s, {
        action: 'transfer',
        actor: session.user.username,
        taskId: task.id,
        node: task.node_id,
        nodeName: task.node_name,
        target: to,
        comment,
      });
    });
  }

  /** 加签: another person must approve the same step too before it moves on. */
  async addSigner(session: Session, input: ActionInput): Promise<void> {
    const comment = textOf(input.comment, '加签说明');
    await this.onTask(session, input.id, async (s, task) => {
      const to = await this.demandUser(s, input.username, '加签对象');
      const open = await s.db
        .selectFrom('wf_task')
        .select('id')
        .where('instance_id', '=', s.instance.id)
        .where('token_id', '=', task.token_id)
        .where('status', '=', 'open')
        .where('assignee', '=', to)
        .executeTakeFirst();
      if (open || to === session.user.username) throw badRequest('该用户已在办理此步骤');
      await this.engine.addTask(s, task.token_id, task.node_id, task.node_name, to, null);
      await this.engine.event(s, {
        action: 'addSigner',
        actor: session.user.username,
        taskId: task.id,
        node: task.node_id,
        nodeName: task.node_name,
        target: to,
        comment,
      });
    });
  }

  async claim(session: Session, input: ActionInput): Promise<void> {
    await this.onTask(session, input.id, async (s, task) => {
      if (task.assignee) throw badRequest('该任务已有办理人');
      await s.db
        .updateTable('wf_task')
        .set({ assignee: session.user.username, candidates: null })
        .where('id', '=', task.id)
        .where('assignee', 'is', null)
        .execute();
      await this.engine.event(s, { action: 'claim', actor: session.user.username, taskId: task.id, node: task.node_id, nodeName: task.node_name });
    });
  }

  private async close(s: Step, task: Row, outcome: string, comment: string | undefined, target: string | null = null): Promise<void> {
    const me = s.session.user.username;
    await s.db
      .updateTable('wf_task')
      .set({ status: 'done', outcome, comment: comment ?? null, actor: me, end_time: s.now })
      .where('id', '=', task.id)
      .execute();
    // Acting for someone who entrusted the task names them in the timeline.
    const onBehalf = task.assignee && task.assignee !== me ? String(task.assignee) : null;
    await this.engine.event(s, {
      action: outcome,
      actor: me,
      taskId: task.id,
      node: task.node_id,
      nodeName: task.node_name,
      target: target ? (s.process.nodes[target]?.name ?? target) : onBehalf,
      comment,
    });
  }

  /** The applicant takes back an application nobody has acted on yet. */
  async withdraw(session: Session, instanceId: unknown): Promise<void> {
    await this.engine.step(session, idOf(instanceId, '流程实例ID'), async (s) => {
      if (s.instance.initiator !== session.user.username) throw forbidden('只能撤回自己发起的申请');
      this.engine.demandRunning(s);
      // A document whose status has nowhere to go back to (no draft) cannot be withdrawn from.
      if (s.model?.doc.entity.rules?.workflow && !s.model.doc.entity.rules.workflow.results.withdrawn)
        throw badRequest(`${s.model.title}不能撤回，请联系审核人驳回`);
      const touched = await s.db
        .selectFrom('wf_event')
        .select('id')
        .where('instance_id', '=', s.instance.id)
        .where('action', 'in', ['approve', 'reject', 'transfer', 'addSigner', 'claim'])
        .executeTakeFirst();
      if (touched) throw badRequest('已有审批人办理，不能撤回');
      await this.engine.event(s, { action: 'withdraw', actor: session.user.username });
      await this.engine.finish(s, 'withdrawn');
    });
  }

  /** Urging notifies the current assignees live (the bell and its socket push); once per 10 minutes per instance and person. */
  async urge(session: Session, instanceId: unknown): Promise<{ notified: number }> {
    const me = session.user.username;
    const people = await this.engine.step(session, idOf(instanceId, '流程实例ID'), async (s) => {
      if (s.instance.initiator !== me) throw forbidden('只能催办自己发起的申请');
      this.engine.demandRunning(s);
      const recent = await s.db
        .selectFrom('wf_urge')
        .select('id')
        .where('instance_id', '=', s.instance.id)
        .where('username', '=', me)
        .where('create_time', '>', sql<Date>`now() - (${URGE_INTERVAL_MS / 1000}::integer * interval '1 second')`)
        .executeTakeFirst();
      if (recent) throw badRequest('催办过于频繁，请10分钟后再试');
      const open = await s.db
        .selectFrom('wf_task')
        .select(['assignee', 'candidates', 'node_name'])
        .where('instance_id', '=', s.instance.id)
        .where('status', '=', 'open')
        .execute();
      const usernames = [
        ...new Set(
          open.flatMap((t) =>
            t.assignee
              ? [String(t.assignee)]
              : String(t.candidates ?? '')
                  .split(',')
                  .filter(Boolean),
          ),
        ),
      ];
      await s.db.insertInto('wf_urge').values({ id: newId(), instance_id: s.instance.id, username: me }).execute();
      await this.engine.event(s, { action: 'urge', actor: me, target: usernames.join(',') || null });
      return { usernames, nodes: [...new Set(open.map((t) => String(t.node_name)))], title: String(s.instance.title) };
    });
    if (people.usernames.length) {
      const names = await realnames(this.db, [me]);
      await this.notify(
        session,
        people.usernames,
        `催办：${people.title}`.slice(0, 100),
        `<p>${escapeHtml(names.get(me) ?? me)}催办了【${escapeHtml(people.title)}】的【${escapeHtml(people.nodes.join('、'))}】步骤，请尽快办理。</p>`,
      );
    }
    return { notified: people.usernames.length };
  }

  /** 流程监控: suspend, resume, terminate. */
  async manage(session: Session, action: 'suspend' | 'resume' | 'terminate', input: ActionInput): Promise<void> {
    const comment = textOf(input.comment, '说明');
    await this.engine.step(session, idOf(input.id, '流程实例ID'), async (s) => {
      const me = session.user.username;
      if (action === 'suspend') {
        if (s.instance.status !== 'running') throw badRequest('只能挂起审批中的流程');
        await s.db.updateTable('wf_instance').set({ status: 'suspended' }).where('id', '=', s.instance.id).execute();
      } else if (action === 'resume') {
        if (s.instance.status !== 'suspended') throw badRequest('只能恢复已挂起的流程');
        await s.db.updateTable('wf_instance').set({ status: 'running' }).where('id', '=', s.instance.id).execute();
      } else {
        if (!['running', 'suspended'].includes(s.instance.status)) throw badRequest('流程已结束');
      }
      await this.engine.event(s, { action, actor: me, comment });
      if (action === 'terminate') await this.engine.finish(s, 'terminated', comment ?? '流程已被管理员终止');
    });
  }

  /** 流程监控: an open task to someone else. */
  async reassign(session: Session, input: ActionInput): Promise<void> {
    const id = idOf(input.id, '任务ID');
    const head = await this.db.selectFrom('wf_task').select(['instance_id', 'tenant_id']).where('id', '=', id).executeTakeFirst();
    if (!head || Number(head.tenant_id) !== Number(session.tenantId)) throw notFound('任务不存在');
    await this.engine.step(session, String(head.instance_id), async (s) => {
      if (!['running', 'suspended'].includes(s.instance.status)) throw badRequest('流程已结束');
      const task = await s.db.selectFrom('wf_task').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
      if (task.status !== 'open') throw badRequest('该任务已办理');
      const to = await this.demandUser(s, input.username, '改派对象');
      await s.db.updateTable('wf_task').set({ assignee: to, candidates: null }).where('id', '=', id).execute();
      await this.engine.event(s, { action: 'reassign', actor: session.user.username, taskId: id, node: task.node_id, nodeName: task.node_name, target: to });
    });
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
