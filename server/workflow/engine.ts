import type { Kysely } from 'kysely';
import type { Session } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { badRequest, forbidden, notFound } from '../http/envelope.ts';
import { newId } from '../lib/ids.ts';
import { CacheStats } from '../monitor/cache-stats.ts';
import { formatTimestamp, nowText } from '../lib/time.ts';
import type { EntityModel } from '../engine/schema/model.ts';
import type { HookContext } from '../engine/write/hooks.ts';
import { transitionPermissions } from '../engine/write/transitions.ts';
import { setWorkflowStarter, WORKFLOW_GRANT } from '../engine/write/workflow-rule.ts';
import type { RecordWriter } from '../engine/write/writer.ts';
import type { WorkflowRule } from '../../src/core/schema/types.generated.ts';
import { resolveAssignees } from './assignees.ts';
import { advance, type ExecState, ProcessStuck, rejectTo, startProcess, type StepResult } from './interpreter.ts';
import { parseProcess, ProcessInvalid, type ProcessModel } from './model.ts';

/*
 * The persisted side of the workflow: every step runs in one transaction that locks its instance row
 * (`for update`), so one process advances one instance at a time however many share the database, and
 * the token state is written before the transaction commits, so a restart resumes exactly there. When the
 * instance approves a business record, the step runs inside the schema runtime's writer: the status the
 * process ends with goes through the same hooks, checks and data log as any edit.
 */

export type Row = Record<string, any>;

export interface Step {
  db: Kysely<any>;
  writer?: RecordWriter;
  instance: Row;
  process: ProcessModel;
  model?: EntityModel;
  session: Session;
  now: string;
}

const TITLE_MAX = 200;

/** The session a step runs under when no request of the user made it (the writer's hook, timers, start-up). */
export const workflowSession = (user: { username: string } | Record<string, unknown>, tenantId: unknown, jti = 'workflow'): Session => ({
  user: user as Session['user'],
  jti,
  exp: 0,
  tenantId: Number(tenantId),
});

export class WorkflowEngine {
  private readonly models = new Map<string, ProcessModel>();
  readonly stats = new CacheStats('workflow-models', '流程定义（已部署版本）', () => this.models.size);

  constructor(readonly ctx: AppContext) {
    ctx.caches.add(this.stats);
    setWorkflowStarter({ start: (model, record, w) => this.startFor(model, record, w), cancel: (model, id, w) => this.cancelFor(model, id, w) });
  }

  get db(): Kysely<any> {
    return this.ctx.db as Kysely<any>;
  }

  /** The fields a process bound to a document may name in conditions and field rules: by property, as the document names them. */
  fieldsOf = (entity: string): Set<string> | undefined => {
    const model = this.ctx.runtime.registry.find(entity);
    return model ? new Set(model.fields.map((f) => model.wire.wireName(f.name))) : undefined;
  };

  /** A deployed version's graph; versions never change once deployed, so every process may keep it. */
  async processOf(db: Kysely<any>, processId: string): Promise<ProcessModel> {
    const cached = this.models.get(processId);
    if (cached) {
      this.stats.hit();
      return cached;
    }
    this.stats.miss();
    const row = await db.selectFrom('wf_process').select('xml').where('id', '=', processId).executeTakeFirst();
    if (!row) throw notFound('流程定义不存在');
    const model = await parseProcess(String(row.xml));
    this.models.set(processId, model);
    return model;
  }

  /** Checks a process and stores it as the next version of its key. */
  async deploy(xml: unknown, by: string): Promise<{ id: string; key: string; version: number; name: string }> {
    let model: ProcessModel;
    try {
      model = await parseProcess(String(xml ?? ''), this.fieldsOf);
    } catch (error) {
      if (error instanceof ProcessInvalid) throw badRequest(error.message);
      throw error;
    }
    const latest = await this.db
      .selectFrom('wf_process')
      .select((eb) => eb.fn.max('version').as('v'))
      .where('process_key', '=', model.key)
      .executeTakeFirst();
    const version = Number(latest?.v ?? 0) + 1;
    const id = newId();
    try {
      await this.db
        .insertInto('wf_process')
        .values({
          id,
          process_key: model.key,
          name: model.name,
          version,
          entity: model.entity ?? null,
          xml: String(xml),
          create_by: by,
          create_time: nowText(),
        })
        .execute();
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw badRequest('该流程刚被他人部署了新版本，请刷新后重试');
      throw error;
    }
    this.models.set(id, model);
    return { id, key: model.key, version, name: model.name };
  }

  /** The latest version of a key, or a clear refusal. */
  async latest(db: Kysely<any>, key: string): Promise<Row> {
    const row = await db.selectFrom('wf_process').selectAll().where('process_key', '=', key).orderBy('version', 'desc').limit(1).executeTakeFirst();
    if (!row) throw badRequest(`审批流程【${key}】尚未部署`);
    return row;
  }

  /** The writer's hook: a record has entered its document's `running` status. */
  private async startFor(model: EntityModel, record: Record<string, unknown>, w: HookContext): Promise<void> {
    const rule = model.doc.entity.rules!.workflow!;
    const open = await w.db
      .selectFrom('wf_instance')
      .select('id')
      .where('entity', '=', model.code)
      .where('business_id', '=', String(record.id))
      .where('status', 'in', ['running', 'suspended'])
      .executeTakeFirst();
    if (open) throw badRequest(`该${model.title}已在审批中`);
    const proc = await this.latest(w.db, rule.process);
    const process = await this.processOf(w.db, proc.id);
    const label = rule.title ? String(record[rule.title] ?? '') : '';
    const instance: Row = {
      id: newId(),
      process_id: proc.id,
      process_key: proc.process_key,
      process_name: proc.name,
      version: proc.version,
      entity: model.code,
      business_id: String(record.id),
      title: `${model.title}${label ? `：${label}` : ''}`.slice(0, TITLE_MAX),
      initiator: w.actor.username,
      initiator_org: w.actor.orgCode ?? null,
      status: 'running',
      state: JSON.stringify({ tokens: [], joins: {} }),
      variables: '{}',
      start_time: w.actor.now,
      end_time: null,
      tenant_id: w.actor.tenantId ?? 0,
    };
    await w.db.insertInto('wf_instance').values(instance).execute();
    const step: Step = { db: w.db, instance, process, model, session: workflowSession({ username: w.actor.username }, instance.tenant_id), now: w.actor.now };
    await this.event(step, { action: 'start', actor: w.actor.username });
    // Copy recipients the start form names (designer config cclist: user fields marked 抄送).
    const cclist = (model.doc.form as { config?: { cclist?: string[] } } | undefined)?.config?.cclist ?? [];
    const named = cclist.flatMap((f) => String(record[f] ?? '').split(',')).filter(Boolean);
    await this.copyTo(step, named, '发起');
    const values = { ...record };
    const result = this.run(() => startProcess(process, values, newId));
    if (result.effects.some((e) => e.kind === 'end')) throw badRequest('流程在发起时即已结束，请检查流程设计');
    await this.apply(step, result, values);
  }

  private async cancelFor(model: EntityModel, id: string, w: HookContext): Promise<void> {
    const open = await w.db
      .selectFrom('wf_instance')
      .selectAll()
      .where('entity', '=', model.code)
      .where('business_id', '=', id)
      .where('status', 'in', ['running', 'suspended'])
      .forUpdate()
      .execute();
    for (const instance of open) {
      const step: Step = {
        db: w.db,
        instance,
        process: await this.processOf(w.db, String(instance.process_id)),
        session: workflowSession({ username: w.actor.username }, instance.tenant_id),
        now: w.actor.now,
      };
      await this.cancelOpen(step);
      await w.db.updateTable('wf_instance').set({ status: 'terminated', end_time: w.actor.now }).where('id', '=', instance.id).execute();
      await this.event(step, { action: 'terminate', actor: w.actor.username, comment: `${model.title}已删除` });
    }
  }

  /** The interpreter's refusals (no branch holds, a step gone) as 400s. */
  run(work: () => StepResult): StepResult {
    try {
      return work();
    } catch (error) {
      if (error instanceof ProcessStuck) throw badRequest(error.message);
      throw error;
    }
  }

  /**
   * Runs one step on one instance: inside the runtime's writer when the instance approves a record (with
   * the grant that lets the process end move its status), else in a plain transaction; the instance row
   * is locked first and re-read, so concurrent steps on it queue.
   */
  async step<T>(session: Session, instanceId: string, work: (s: Step) => Promise<T>): Promise<T> {
    const head = await this.db.selectFrom('wf_instance').select(['entity', 'tenant_id']).where('id', '=', instanceId).executeTakeFirst();
    if (!head || Number(head.tenant_id) !== Number(session.tenantId)) throw notFound('流程实例不存在');
    const model = head.entity ? this.ctx.runtime.registry.find(String(head.entity)) : undefined;
    const now = nowText();
    const inside = async (db: Kysely<any>, writer?: RecordWriter) => {
      const instance = await db.selectFrom('wf_instance').selectAll().where('id', '=', instanceId).forUpdate().executeTakeFirstOrThrow();
      const process = await this.processOf(db, String(instance.process_id));
      return work({ db, writer, instance, process, model, session, now });
    };
    if (!model) return this.db.transaction().execute((trx) => inside(trx));
    return this.ctx.runtime.write(session, model, (writer) => inside(writer.ctx.db, writer), now, [WORKFLOW_GRANT, ...transitionPermissions(model)]);
  }

  state(s: Step): ExecState {
    return JSON.parse(String(s.instance.state)) as ExecState;
  }

  variables(s: Step): Record<string, unknown> {
    return JSON.parse(String(s.instance.variables)) as Record<string, unknown>;
  }

  /** What conditions see: the business record as stored, under the values approvers entered. */
  async conditionValues(s: Step): Promise<Record<string, unknown>> {
    const record = s.model ? await s.db.selectFrom(s.model.table).selectAll().where('id', '=', s.instance.business_id).executeTakeFirst() : undefined;
    return { ...(record ?? {}), ...this.variables(s) };
  }

  /**
   * Persists what a run produced: new tasks (with their copies), timers, the state, and an end. `values` are
   * the ones the run was given (conditionValues): a form field naming an assignee reads from them too.
   */
  async apply(s: Step, result: StepResult, values: Record<string, unknown>, comment?: string): Promise<void> {
    const scope = { initiator: s.instance.initiator, initiatorOrg: s.instance.initiator_org, tenantId: Number(s.instance.tenant_id), record: values };
    for (const effect of result.effects) {
      if (effect.kind === 'task') {
        const node = effect.node;
        const people = await resolveAssignees(s.db, node.assignee!, scope);
        if (!people.length) throw badRequest(`审批节点【${node.name || node.id}】没有可用的办理人`);
        await this.addTask(s, effect.token, node.id, node.name || node.id, people.length === 1 ? people[0] : null, people.length > 1 ? people : null);
        for (const rule of node.cc ?? []) {
          const copied = await resolveAssignees(s.db, rule, scope);
          await this.copyTo(s, copied, node.name || node.id);
        }
      } else if (effect.kind === 'timer') {
        const due = formatTimestamp(new Date(Date.now() + effect.dueMs));
        await s.db
          .insertInto('wf_timer')
          .values({ id: newId(), instance_id: s.instance.id, token_id: effect.token, node_id: effect.node.id, due_time: due, fired_time: null, fired_by: null })
          .execute();
      }
    }
    s.instance.state = JSON.stringify(result.state);
    await s.db.updateTable('wf_instance').set({ state: s.instance.state, variables: s.instance.variables }).where('id', '=', s.instance.id).execute();
    const end = result.effects.find((e) => e.kind === 'end');
    if (end && end.kind === 'end') await this.finish(s, end.result as 'approved' | 'rejected', comment);
  }

  async addTask(s: Step, token: string, nodeId: string, nodeName: string, assignee: string | null, candidates: string[] | null): Promise<string> {
    const id = newId();
    await s.db
      .insertInto('wf_task')
      .values({
        id,
        instance_id: s.instance.id,
        token_id: token,
        node_id: nodeId,
        node_name: nodeName,
        assignee,
        candidates: candidates ? `,${candidates.join(',')},` : null,
        status: 'open',
        outcome: null,
        comment: null,
        actor: null,
        create_time: s.now,
        end_time: null,
        tenant_id: s.instance.tenant_id,
      })
      .execute();
    return id;
  }

  async copyTo(s: Step, usernames: string[], nodeName: string): Promise<void> {
    const already = new Set(
      (await s.db.selectFrom('wf_cc').select('username').where('instance_id', '=', s.instance.id).execute()).map((r) => String(r.username)),
    );
    for (const username of new Set(usernames)) {
      if (already.has(username) || username === s.instance.initiator) continue;
      await s.db
        .insertInto('wf_cc')
        .values({
          id: newId(),
          instance_id: s.instance.id,
          node_name: nodeName,
          username,
          sender: s.session.user.username,
          read_flag: 0,
          create_time: s.now,
          read_time: null,
          tenant_id: s.instance.tenant_id,
        })
        .execute();
    }
  }

  async event(
    s: Step,
    e: { action: string; actor: string; taskId?: string; node?: string; nodeName?: string; target?: string | null; comment?: string | null },
  ): Promise<void> {
    const last = await s.db
      .selectFrom('wf_event')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('instance_id', '=', s.instance.id)
      .executeTakeFirst();
    await s.db
      .insertInto('wf_event')
      .values({
        id: newId(),
        instance_id: s.instance.id,
        task_id: e.taskId ?? null,
        node_id: e.node ?? null,
        node_name: e.nodeName ?? null,
        action: e.action,
        actor: e.actor,
        target: e.target ?? null,
        comment: e.comment ?? null,
        create_time: s.now,
        seq: Number(last?.seq ?? 0) + 1,
      })
      .execute();
  }

  /** Open tasks and pending timers of an instance stop (a withdrawal, an end), or only those of `tokens` (a rejection back). */
  async cancelOpen(s: Step, tokens?: string[]): Promise<void> {
    if (tokens && !tokens.length) return;
    let tasks = s.db.updateTable('wf_task').set({ status: 'cancelled', end_time: s.now }).where('instance_id', '=', s.instance.id).where('status', '=', 'open');
    let timers = s.db
      .updateTable('wf_timer')
      .set({ fired_time: s.now, fired_by: 'cancelled' })
      .where('instance_id', '=', s.instance.id)
      .where('fired_time', 'is', null);
    if (tokens) {
      tasks = tasks.where('token_id', 'in', tokens);
      timers = timers.where('token_id', 'in', tokens);
    }
    await tasks.execute();
    await timers.execute();
  }

  /** The instance ends; its record's status follows the result through the writer (steps, stamps, hooks). */
  async finish(s: Step, result: 'approved' | 'rejected' | 'withdrawn' | 'terminated', comment?: string): Promise<void> {
    await this.cancelOpen(s);
    s.instance.status = result;
    await s.db.updateTable('wf_instance').set({ status: result, end_time: s.now }).where('id', '=', s.instance.id).execute();
    await this.event(s, { action: 'end', actor: s.session.user.username, target: result, comment: comment ?? null });
    const rule = s.model?.doc.entity.rules?.workflow as WorkflowRule | undefined;
    if (!rule || !s.writer || !s.model) return;
    const to = result === 'approved' ? rule.results.approved : result === 'withdrawn' ? rule.results.withdrawn : rule.results.rejected;
    if (!to) return;
    const step = s.model.doc.entity.rules?.transitions?.steps.find((st) => st.from.includes(rule.running) && st.to === to);
    const commentField = rule.comment ?? step?.comment;
    const input = { ...this.variables(s), ...(commentField && comment !== undefined ? { [commentField]: comment } : {}) };
    await s.writer.transition(s.model, String(s.instance.business_id), to, input, true);
  }

  /** Records left in a document's `running` status without an instance (history, a process deployed later) get one. */
  async reconcile(): Promise<number> {
    let started = 0;
    for (const model of this.ctx.runtime.registry.all()) {
      const rule = model.doc.entity.rules?.workflow;
      if (!rule) continue;
      if (!(await this.db.selectFrom('wf_process').select('id').where('process_key', '=', rule.process).executeTakeFirst())) continue;
      const orphans = await this.db
        .selectFrom(model.table)
        .select(['id', 'create_by'])
        .where(rule.field, '=', rule.running)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('wf_instance')
                .select('wf_instance.id')
                .where('wf_instance.entity', '=', model.code)
                .whereRef('wf_instance.business_id', '=', eb.cast(`${model.table}.id`, 'varchar'))
                .where('wf_instance.status', 'in', ['running', 'suspended']),
            ),
          ),
        )
        .limit(500)
        .execute();
      for (const orphan of orphans) {
        const user = await this.db
          .selectFrom('sys_user')
          .selectAll()
          .where('username', '=', String(orphan.create_by ?? 'admin'))
          .executeTakeFirst();
        if (!user) continue;
        try {
          await this.ctx.runtime.write(workflowSession(user, user.tenant_id), model, async (writer) => {
            const record = await writer.ctx.db.selectFrom(model.table).selectAll().where('id', '=', orphan.id).forUpdate().executeTakeFirstOrThrow();
            if (String(record[rule.field]) === rule.running) await this.startFor(model, record, writer.ctx);
          });
          started++;
        } catch (error) {
          // Another process starting at the same moment got there first (one open instance per record),
          // or the process cannot start for this record: the server starts anyway, and says which.
          console.warn(`workflow: no instance started for ${model.code} ${orphan.id}: ${(error as Error).message}`);
        }
      }
    }
    return started;
  }

  /** Whether the session may act on a task: its assignee, a candidate of an unclaimed one, or an agent entrusted by the assignee. */
  async canAct(db: Kysely<any>, session: Session, task: Row): Promise<boolean> {
    const me = session.user.username;
    if (task.assignee === me) return true;
    if (!task.assignee) return String(task.candidates ?? '').includes(`,${me},`);
    return (await this.entrusting(db, me)).includes(String(task.assignee));
  }

  /** The users who entrust their tasks to `agent` today. */
  async entrusting(db: Kysely<any>, agent: string): Promise<string[]> {
    const today = nowText().slice(0, 10);
    const rows = await db
      .selectFrom('wf_entrust')
      .select('owner')
      .where('agent', '=', agent)
      .where('status', '=', 1)
      .where('begin_date', '<=', today)
      .where('end_date', '>=', today)
      .execute();
    return rows.map((r) => String(r.owner));
  }

  demandRunning(s: Step): void {
    if (s.instance.status === 'suspended') throw badRequest('流程已挂起，暂不能办理');
    if (s.instance.status !== 'running') throw badRequest('流程已结束，不能再办理');
  }

  async openTask(s: Step, taskId: string): Promise<Row> {
    const task = await s.db.selectFrom('wf_task').selectAll().where('id', '=', taskId).where('instance_id', '=', s.instance.id).forUpdate().executeTakeFirst();
    if (!task) throw notFound('任务不存在');
    if (task.status !== 'open') throw badRequest('该任务已办理');
    this.demandRunning(s);
    if (!(await this.canAct(s.db, s.session, task))) throw forbidden('不能办理他人的任务');
    return task;
  }

  /** Moves a waiting token on and persists what follows. */
  async advanceToken(s: Step, token: string, comment?: string): Promise<void> {
    const values = await this.conditionValues(s);
    const result = this.run(() => advance(s.process, this.state(s), token, values, newId));
    await this.apply(s, result, values, comment);
  }

  /** A rejection from `token`'s task back to `nodeId`: the tokens the interpreter drops stop waiting (their tasks and timers). */
  async backTo(s: Step, token: string, nodeId: string): Promise<void> {
    const values = await this.conditionValues(s);
    const before = this.state(s).tokens;
    const result = this.run(() => rejectTo(s.process, this.state(s), token, nodeId, values, newId));
    const kept = new Set(result.state.tokens.map((t) => t.id));
    await this.cancelOpen(
      s,
      before.filter((t) => !kept.has(t.id)).map((t) => t.id),
    );
    await this.apply(s, result, values);
  }
}
