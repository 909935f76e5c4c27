import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Session } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { badRequest, forbidden, notFound } from '../http/envelope.ts';
import { paging } from '../http/paging.ts';
import { nowText } from '../lib/time.ts';
import { DICT_TEXT } from '../../src/core/schema/field-names.ts';
import { INSTANCE_STATUS, TASK_ACTIONS } from '../../src/core/workflow/rules.ts';
import type { WfField, WfInstanceDetail, WfInstanceView, WfPage, WfTaskDetail, WfTaskView } from '../../src/core/workflow/wire.ts';
import { realnames } from './assignees.ts';
import { idOf } from './actions.ts';
import { leadsTo } from './interpreter.ts';
import type { Row, WorkflowEngine } from './engine.ts';

/*
 * What people read (issue 18): their open tasks (including those entrusted to them today), their
 * applications with the current step, copies sent to them, an instance's timeline and diagram, and the
 * administrator's instance list. Every read is limited to the session's tenant and to what the person
 * takes part in; an approver sees the business record through the scoped reader, less the fields the step
 * hides.
 */

const STATUSES = new Set(Object.keys(INSTANCE_STATUS));

async function page<T>(
  query: SelectQueryBuilder<any, any, any>,
  q: Record<string, unknown>,
  order: string,
  map: (rows: Row[]) => Promise<T[]>,
): Promise<WfPage<T>> {
  const { pageNo, pageSize } = paging(q);
  const total = Number(
    (
      await query
        .clearSelect()
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n ?? 0,
  );
  const rows = await query
    .orderBy(order, 'desc')
    .orderBy('id' as never, 'desc')
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize)
    .execute();
  return { records: await map(rows), total, current: pageNo, size: pageSize, pages: Math.ceil(total / pageSize) };
}

/** What a task and a copy row both say of their step: its row, instance, title, process and step name. */
const stepHead = (r: Row) => ({
  id: String(r.id),
  instanceId: String(r.instance_id),
  title: String(r.title),
  processName: String(r.process_name),
  nodeName: String(r.node_name),
});

export class WorkflowQueries {
  constructor(
    private readonly ctx: AppContext,
    private readonly engine: WorkflowEngine,
  ) {}

  private get db(): Kysely<any> {
    return this.engine.db;
  }

  private async instanceViews(rows: Row[]): Promise<WfInstanceView[]> {
    const ids = rows.map((r) => String(r.id));
    const open = ids.length
      ? await this.db
          .selectFrom('wf_task')
          .select(['instance_id', 'node_name', 'assignee', 'candidates'])
          .where('instance_id', 'in', ids)
          .where('status', '=', 'open')
          .execute()
      : [];
    const names = await realnames(this.db, [...rows.map((r) => r.initiator), ...open.map((t) => t.assignee)]);
    return rows.map((r) => {
      const mine = open.filter((t) => t.instance_id === r.id);
      return {
        id: String(r.id),
        title: String(r.title),
        processName: String(r.process_name),
        version: Number(r.version),
        status: String(r.status),
        statusText: INSTANCE_STATUS[String(r.status)] ?? String(r.status),
        initiator: String(r.initiator),
        initiatorName: names.get(String(r.initiator)) ?? String(r.initiator),
        startTime: String(r.start_time),
        endTime: r.end_time ? String(r.end_time) : null,
        currentNodes: [...new Set(mine.map((t) => String(t.node_name)))].join('、'),
        currentAssignees: [...new Set(mine.map((t) => (t.assignee ? (names.get(String(t.assignee)) ?? String(t.assignee)) : '待签收')))].join('、'),
        entity: r.entity ? String(r.entity) : null,
        businessId: r.business_id ? String(r.business_id) : null,
      };
    });
  }

  private async taskViews(rows: Row[], session: Session): Promise<WfTaskView[]> {
    const names = await realnames(
      this.db,
      rows.flatMap((r) => [r.initiator, r.assignee]),
    );
    return rows.map((r) => ({
      ...stepHead(r),
      initiatorName: names.get(String(r.initiator)) ?? String(r.initiator),
      createTime: String(r.create_time),
      claimable: !r.assignee,
      entrustedBy: r.assignee && r.assignee !== session.user.username ? (names.get(String(r.assignee)) ?? String(r.assignee)) : null,
      instanceStatus: String(r.instance_status),
    }));
  }

  /** Open tasks the session may act on: its own, unclaimed ones it is a candidate of, and those entrusted to it today. */
  private async myOpenTasks(session: Session) {
    const me = session.user.username;
    const owners = await this.engine.entrusting(this.db, me);
    return this.db
      .selectFrom('wf_task as t')
      .innerJoin('wf_instance as i', 'i.id', 't.instance_id')
      .select([
        't.id',
        't.instance_id',
        't.node_name',
        't.assignee',
        't.create_time',
        'i.title',
        'i.process_name',
        'i.initiator',
        'i.status as instance_status',
      ])
      .where('t.tenant_id', '=', session.tenantId)
      .where('t.status', '=', 'open')
      .where((eb) =>
        eb.or([
          eb('t.assignee', '=', me),
          eb.and([eb('t.assignee', 'is', null), eb('t.candidates', 'like', `%,${me},%`)]),
          ...(owners.length ? [eb('t.assignee', 'in', owners)] : []),
        ]),
      );
  }

  async tasks(session: Session, q: Record<string, unknown>): Promise<WfPage<WfTaskView>> {
    return page(await this.myOpenTasks(session), q, 't.create_time', (rows) => this.taskViews(rows, session));
  }

  /** Tasks the session has acted on. */
  async done(session: Session, q: Record<string, unknown>): Promise<WfPage<WfTaskView & { outcome: string; comment: string | null; endTime: string }>> {
    const query = this.db
      .selectFrom('wf_task as t')
      .innerJoin('wf_instance as i', 'i.id', 't.instance_id')
      .select([
        't.id',
        't.instance_id',
        't.node_name',
        't.assignee',
        't.create_time',
        't.outcome',
        't.comment',
        't.end_time',
        'i.title',
        'i.process_name',
        'i.initiator',
        'i.status as instance_status',
      ])
      .where('t.tenant_id', '=', session.tenantId)
      .where('t.status', '=', 'done')
      .where('t.actor', '=', session.user.username);
    return page(query, q, 't.end_time', async (rows) =>
      (await this.taskViews(rows, session)).map((v, i) => ({
        ...v,
        outcome: TASK_ACTIONS[String(rows[i].outcome)] ?? String(rows[i].outcome),
        comment: rows[i].comment ?? null,
        endTime: String(rows[i].end_time),
      })),
    );
  }

  async counts(session: Session): Promise<{ todo: number; ccUnread: number }> {
    const todo = Number(
      (
        await (
          await this.myOpenTasks(session)
        )
          .clearSelect()
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );
    const cc = await this.db
      .selectFrom('wf_cc')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tenant_id', '=', session.tenantId)
      .where('username', '=', session.user.username)
      .where('read_flag', '=', 0)
      .executeTakeFirst();
    return { todo, ccUnread: Number(cc?.n ?? 0) };
  }

  async applications(session: Session, q: Record<string, unknown>): Promise<WfPage<WfInstanceView>> {
    let query = this.db.selectFrom('wf_instance').selectAll().where('tenant_id', '=', session.tenantId).where('initiator', '=', session.user.username);
    if (q.status) query = query.where('status', '=', this.statusOf(q.status));
    return page(query, q, 'start_time', (rows) => this.instanceViews(rows));
  }

  async monitor(q: Record<string, unknown>, session: Session): Promise<WfPage<WfInstanceView>> {
    let query = this.db.selectFrom('wf_instance').selectAll().where('tenant_id', '=', session.tenantId);
    if (q.status) query = query.where('status', '=', this.statusOf(q.status));
    if (typeof q.title === 'string' && q.title.trim()) query = query.where('title', 'like', `%${q.title.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    return page(query, q, 'start_time', (rows) => this.instanceViews(rows));
  }

  private statusOf(value: unknown): string {
    if (typeof value !== 'string' || !STATUSES.has(value)) throw badRequest(`流程状态只能是：${Object.keys(INSTANCE_STATUS).join('、')}`);
    return value;
  }

  async carbonCopies(session: Session, q: Record<string, unknown>) {
    let query = this.db
      .selectFrom('wf_cc as c')
      .innerJoin('wf_instance as i', 'i.id', 'c.instance_id')
      .select(['c.id', 'c.instance_id', 'c.node_name', 'c.sender', 'c.read_flag', 'c.create_time', 'i.title', 'i.process_name', 'i.status', 'i.initiator'])
      .where('c.tenant_id', '=', session.tenantId)
      .where('c.username', '=', session.user.username);
    if (q.readFlag === '0' || q.readFlag === '1') query = query.where('c.read_flag', '=', Number(q.readFlag));
    else if (q.readFlag !== undefined && q.readFlag !== '') throw badRequest('readFlag 只能是 0（未读）或 1（已读）');
    return page(query, q, 'c.create_time', async (rows) => {
      const names = await realnames(
        this.db,
        rows.flatMap((r) => [r.sender, r.initiator]),
      );
      return rows.map((r) => ({
        ...stepHead(r),
        senderName: names.get(String(r.sender)) ?? String(r.sender),
        initiatorName: names.get(String(r.initiator)) ?? String(r.initiator),
        statusText: INSTANCE_STATUS[String(r.status)] ?? String(r.status),
        read: Number(r.read_flag) === 1,
        createTime: String(r.create_time),
      }));
    });
  }

  async markRead(session: Session, id: unknown): Promise<void> {
    const done = await this.db
      .updateTable('wf_cc')
      .set({ read_flag: 1, read_time: nowText() })
      .where('id', '=', idOf(id))
      .where('username', '=', session.user.username)
      .where('tenant_id', '=', session.tenantId)
      .executeTakeFirst();
    if (!Number(done.numUpdatedRows)) throw notFound('抄送记录不存在');
  }

  /** Whether the session takes part in an instance: initiator, task holder (now or before), copy recipient, or monitor. */
  private async demandParticipant(session: Session, instance: Row, monitor: boolean): Promise<void> {
    if (monitor || instance.initiator === session.user.username) return;
    const me = session.user.username;
    const task = await this.db
      .selectFrom('wf_task')
      .select('id')
      .where('instance_id', '=', instance.id)
      .where((eb) => eb.or([eb('assignee', '=', me), eb('actor', '=', me), eb('candidates', 'like', `%,${me},%`)]))
      .executeTakeFirst();
    const cc = task
      ? undefined
      : await this.db.selectFrom('wf_cc').select('id').where('instance_id', '=', instance.id).where('username', '=', me).executeTakeFirst();
    const owners = task || cc ? [] : await this.engine.entrusting(this.db, me);
    const entrusted = owners.length
      ? await this.db.selectFrom('wf_task').select('id').where('instance_id', '=', instance.id).where('assignee', 'in', owners).executeTakeFirst()
      : undefined;
    if (!task && !cc && !entrusted) throw forbidden('您没有参与该流程，无权查看');
  }

  async instance(session: Session, id: unknown, monitor: boolean): Promise<WfInstanceDetail> {
    const row = await this.db
      .selectFrom('wf_instance')
      .selectAll()
      .where('id', '=', idOf(id, '流程实例ID'))
      .where('tenant_id', '=', session.tenantId)
      .executeTakeFirst();
    if (!row) throw notFound('流程实例不存在');
    await this.demandParticipant(session, row, monitor);
    const [view] = await this.instanceViews([row]);
    const events = await this.db.selectFrom('wf_event').selectAll().where('instance_id', '=', row.id).orderBy('seq').execute();
    const tasks = await this.db
      .selectFrom('wf_task')
      .select(['id', 'node_id', 'node_name', 'status', 'outcome', 'assignee', 'candidates'])
      .where('instance_id', '=', row.id)
      .execute();
    const active = new Set(tasks.filter((t) => t.status === 'open').map((t) => String(t.node_id)));
    const names = await realnames(this.db, [...events.flatMap((e) => [e.actor, e.target]), ...tasks.map((t) => t.assignee)]);
    const process = await this.db.selectFrom('wf_process').select('xml').where('id', '=', row.process_id).executeTakeFirst();
    return {
      ...view,
      xml: String(process?.xml ?? ''),
      activeNodes: [...active],
      // Passed: approved and not waiting again (a step rejected back to is active, not done).
      doneNodes: [...new Set(tasks.filter((t) => t.outcome === 'approve' && !active.has(String(t.node_id))).map((t) => String(t.node_id)))],
      openTasks: tasks
        .filter((t) => t.status === 'open')
        .map((t) => ({
          id: String(t.id),
          nodeName: String(t.node_name),
          assignee: t.assignee ? String(t.assignee) : null,
          assigneeName: t.assignee ? (names.get(String(t.assignee)) ?? String(t.assignee)) : '待签收',
        })),
      timeline: events.map((e) => ({
        action: String(e.action),
        actionText: e.action === 'end' ? `流程结束（${INSTANCE_STATUS[String(e.target)] ?? e.target}）` : (TASK_ACTIONS[String(e.action)] ?? String(e.action)),
        actorName: names.get(String(e.actor)) ?? String(e.actor),
        nodeName: e.node_name ? String(e.node_name) : null,
        target:
          e.action === 'end'
            ? null
            : e.target
              ? String(e.target)
                  .split(',')
                  .map((t) => names.get(t) ?? t)
                  .join('、')
              : null,
        comment: e.comment ? String(e.comment) : null,
        time: String(e.create_time),
      })),
    };
  }

  /** A task as its assignee opens it: the record (scoped, less hidden fields), what the step lets them edit, where they may reject to. */
  async task(session: Session, id: unknown): Promise<WfTaskDetail> {
    const task = await this.db
      .selectFrom('wf_task')
      .selectAll()
      .where('id', '=', idOf(id, '任务ID'))
      .where('tenant_id', '=', session.tenantId)
      .executeTakeFirst();
    if (!task) throw notFound('任务不存在');
    if (task.status !== 'open' || !(await this.engine.canAct(this.db, session, task))) throw forbidden('不能办理他人的任务');
    const instance = await this.instance(session, task.instance_id, false);
    const head = await this.db
      .selectFrom('wf_instance')
      .select(['process_id', 'business_id', 'entity', 'variables'])
      .where('id', '=', task.instance_id)
      .executeTakeFirstOrThrow();
    const process = await this.engine.processOf(this.db, String(head.process_id));
    const node = process.nodes[String(task.node_id)];
    const model = head.entity ? this.ctx.runtime.registry.find(String(head.entity)) : undefined;
    const fields: WfField[] = [];
    const record: Record<string, unknown> = {};
    if (model && head.business_id) {
      const reader = await this.ctx.runtime.reader(session);
      const full = await reader.byId(model, String(head.business_id));
      const variables = JSON.parse(String(head.variables)) as Record<string, unknown>;
      // The record as every record travels, by property (approvedAmount, payStatus_dictText); the step's rules and the values
      // entered so far are kept by column.
      for (const f of model.fields) {
        const access = node.fields?.[f.name] ?? 'read';
        if (access === 'hidden' || f.secret || f.virtual) continue;
        const name = model.wire.wireName(f.name);
        fields.push({ name, label: f.label ?? name, type: f.type, access, dict: f.dict ?? null });
        record[name] = f.name in variables ? variables[f.name] : full[f.name];
        if (full[`${f.name}${DICT_TEXT}`] !== undefined) record[`${name}${DICT_TEXT}`] = full[`${f.name}${DICT_TEXT}`];
      }
    }
    const passed = await this.db
      .selectFrom('wf_task')
      .select(['node_id', 'node_name'])
      .where('instance_id', '=', task.instance_id)
      .where('status', '=', 'done')
      .where('outcome', '=', 'approve')
      .execute();
    const targets = new Map(
      passed.filter((p) => leadsTo(process, String(p.node_id), String(task.node_id))).map((p) => [String(p.node_id), String(p.node_name)]),
    );
    return {
      id: String(task.id),
      nodeName: String(task.node_name),
      claimable: !task.assignee,
      instance,
      fields,
      record,
      rejectTargets: [...targets].map(([node, name]) => ({ node, name })),
    };
  }
}
