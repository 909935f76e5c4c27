import type { Session } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { badRequest, ok } from '../http/envelope.ts';
import { actionCode } from '../engine/schema/menus.ts';
import type { EntityModel } from '../engine/schema/model.ts';
import { bodyIn } from '../engine/wire.ts';
import { checkId } from '../engine/write/record-input.ts';

/*
 * POST /{area}/{entity}/transition { id, to, <comment field> }: a list's row action moving a record
 * along its document's transition steps (提交, 立项, 驳回 …). Only the status, the step's comment and its
 * stamps are written; the writer refuses a move the steps do not allow (400) or a user without the
 * step's permission (403), and runs the effects the new status triggers, all in one transaction.
 */

const STATUS_VALUE = /^[A-Za-z0-9_-]{1,32}$/;

export async function transitionRecord(ctx: AppContext, model: EntityModel, session: Session, body: unknown) {
  const rule = model.doc.entity.rules?.transitions;
  if (!rule) throw badRequest(`${model.title}没有状态操作`);
  const given = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  // The step's comment and fields come by property (auditOpinion), as every body does.
  const input = bodyIn(model, given);
  const id = checkId(input.id);
  if (typeof input.to !== 'string' || !STATUS_VALUE.test(input.to)) throw badRequest('目标状态不正确');
  const to = input.to;
  // The same row scope as an edit: a data rule hiding the record hides it from its status moves too.
  await ctx.runtime.access.demandInScope(session, model, [id]);
  const canEdit = await ctx.permissions.allows(session.user.id, actionCode(model, 'edit'));
  const record = await ctx.runtime.write(session, model, (w) => w.transition(model, id, to, input, canEdit));
  const step = rule.steps.find((s) => s.to === to && s.label);
  return ok({ id: record.id, [model.wire.wireName(rule.field)]: record[rule.field] }, `${step?.label ?? '操作'}成功!`);
}
