import { badRequest } from '../../http/envelope.ts';
import type { EntityModel } from '../schema/model.ts';
import type { EntityHooks, HookContext } from './hooks.ts';

/*
 * rules.workflow: while an approval process runs, it owns the record's status. Moving the status to the
 * rule's `running` value (a transition step, or a record created in it) starts the process, in the same
 * transaction; moving it away from `running` is refused unless the write is the process's own end (it holds
 * WORKFLOW_GRANT). Demo history written as past events holds HISTORY_GRANT: no process starts for it, and
 * server/workflow reconciles records left in `running` without an instance.
 */

export const WORKFLOW_GRANT = 'workflow:end';
export const HISTORY_GRANT = 'workflow:history';

export interface WorkflowStarter {
  start(model: EntityModel, record: Record<string, unknown>, w: HookContext): Promise<void>;
  /** The record is being deleted: its open instance ends (terminated), its tasks go. */
  cancel(model: EntityModel, id: string, w: HookContext): Promise<void>;
}

let starter: WorkflowStarter | undefined;

/** Set once by server/workflow at start-up: the engine does not import the workflow. */
export function setWorkflowStarter(s: WorkflowStarter): void {
  starter = s;
}

export const workflowHooks: EntityHooks = {
  beforeSave({ model, kind, before, record }, w) {
    const rule = model.doc.entity.rules?.workflow;
    if (!rule || kind !== 'edit' || !before) return;
    const from = String(before[rule.field] ?? '');
    const to = String(record[rule.field] ?? '');
    if (from !== rule.running || to === from || w.held.has(WORKFLOW_GRANT) || w.held.has(HISTORY_GRANT)) return;
    throw badRequest(`${model.title}正在审批中，状态由审批流程决定，请在【我的任务】中办理`);
  },
  async beforeDelete({ model, id }, w) {
    if (model.doc.entity.rules?.workflow && starter) await starter.cancel(model, id, w);
  },
  async afterSave(model, changes, w) {
    const rule = model.doc.entity.rules?.workflow;
    if (!rule || w.held.has(HISTORY_GRANT)) return;
    for (const { before, after } of changes) {
      if (!after || String(after[rule.field] ?? '') !== rule.running || String(before?.[rule.field] ?? '') === rule.running) continue;
      if (!starter) throw badRequest('审批流程服务未启动');
      await starter.start(model, after, w);
    }
  },
};
