import { badRequest, forbidden } from '../../http/envelope.ts';
import type { EntityModel } from '../schema/model.ts';
import type { Dicts } from './record-checks.ts';
import type { TransitionRule } from '../../../src/core/schema/types.generated.ts';

export type TransitionStep = TransitionRule['steps'][number];

/*
 * A status field moves only along the document's steps (草稿→待审核→已立项 …), and each step may need its
 * own permission. A new record starts in one of the initial values when those are given.
 */

export const transitionPermissions = (model: EntityModel): string[] =>
  (model.doc.entity.rules?.transitions?.steps ?? []).flatMap((s) => (s.permission ? [s.permission] : []));

/** The step that moves `from` to `to`, if the document allows that move. */
export const findStep = (rule: TransitionRule, from: unknown, to: unknown): TransitionStep | undefined =>
  rule.steps.find((s) => s.from.includes(String(from ?? '')) && s.to === String(to ?? ''));

export function refusedMove(model: EntityModel, dicts: Dicts, field: string, from: unknown, to: unknown) {
  return badRequest(`状态不能从${textOf(model, dicts, field, from)}变为${textOf(model, dicts, field, to)}`);
}

function textOf(model: EntityModel, dicts: Dicts, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '空';
  const dict = model.field.get(field)?.dict;
  return (dict && dicts[dict]?.find((o) => o.value === String(value))?.text) || String(value);
}

/** Throws 400 for a move the steps do not allow, 403 for one the user may not make. */
export function checkTransition(
  model: EntityModel,
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown>,
  held: Set<string>,
  dicts: Dicts,
): void {
  const rule = model.doc.entity.rules?.transitions;
  if (!rule) return;
  const to = after[rule.field];
  if (!before) {
    if (rule.initial?.length && !rule.initial.includes(String(to ?? ''))) {
      throw badRequest(`新记录的状态只能是${rule.initial.map((v) => textOf(model, dicts, rule.field, v)).join('、')}`);
    }
    return;
  }
  const from = before[rule.field];
  if (String(from ?? '') === String(to ?? '')) return;
  const step = findStep(rule, from, to);
  if (!step) throw refusedMove(model, dicts, rule.field, from, to);
  if (step.permission && !held.has(step.permission)) throw forbidden(`没有权限，请联系管理员授权【${step.permission}】`);
}
