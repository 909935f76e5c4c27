import { badRequest } from '../../http/envelope.ts';
import type { EntityModel } from '../schema/model.ts';
import { applyRollups, checkCeilings, checkLimits } from './aggregates.ts';
import { checkDeleteGuards } from './delete-guards.ts';
import { applyDerived } from './derived-status.ts';
import type { EntityHooks } from './hooks.ts';
import { assertUnlocked } from './locks.ts';
import { sanitizeRichText } from './record-input.ts';
import { refuseBadText } from './text-guard.ts';
import { checkTransition } from './transitions.ts';
import { checkNoLoop } from './tree-loops.ts';
import { workflowHooks } from './workflow-rule.ts';
import { fileReferenceHooks } from './file-references.ts';

/*
 * The hooks every document gets from what it declares (entity.schema.json): they are data, so a document
 * written by an administrator (a published online form) has the same powers as one shipped in schemas/.
 * Field-level validation (types, lengths, dictionaries, requiredWhen, checks, uniqueness, references)
 * stays the writer's own step between beforeValidate and beforeSave.
 */

/** Text: no NUL or broken Unicode anywhere; rich text (`sanitize: "html"`) cleaned, whatever path it came by. */
const textHooks: EntityHooks = {
  beforeValidate({ model, values }) {
    refuseBadText(values, (name) => model.field.get(name)?.label ?? name);
    for (const f of model.fields) {
      if (f.sanitize === 'html' && typeof values[f.name] === 'string') values[f.name] = sanitizeRichText(values[f.name] as string);
    }
  },
};

/** rules.locked: a stored record meeting the condition is neither edited nor deleted (status moves still apply). */
const lockHooks: EntityHooks = {
  beforeValidate({ model, before, statusMove }) {
    if (before && !statusMove) assertUnlocked(model, before);
  },
  beforeDelete({ model, before }) {
    assertUnlocked(model, before);
  },
};

/** rules.transitions (allowed moves and their permissions) and trees that must not loop. */
const moveHooks: EntityHooks = {
  async beforeSave({ model, kind, id, before, record }, w) {
    checkTransition(model, before, record, w.held, w.dicts);
    if (kind === 'edit') await checkNoLoop(w.db, model, id, record);
  },
};

/**
 * rules.limits and the ceilings other documents' limits put on this one, row by row (an import names the row
 * that goes over); rules.rollups and rules.derived set-based, once per batch.
 */
const aggregateHooks: EntityHooks = {
  async afterRow(model, change, w) {
    await checkLimits(w.db, w.registry, model, [change]);
    await checkCeilings(w.db, w.registry, model, [change]);
  },
  async afterSave(model, changes, w) {
    await applyRollups(w.db, w.registry, model, changes, !w.summarised);
    await applyDerived(w.db, w.registry, model, changes);
  },
  async afterDelete(model, changes, w) {
    await aggregateHooks.afterSave!(model, changes, w);
  },
};

/** rules.restrictDelete, and references from other documents (a sub-table's own parent link excepted). */
const referenceHooks: EntityHooks = {
  async beforeDelete({ model, id }, w) {
    await checkDeleteGuards(w.db, w.registry, model, id);
    for (const { model: other, field } of w.registry.referencesTo(model.code)) {
      if (other.doc.entity.parent?.entity === model.code && other.doc.entity.parent.field === field.name) continue;
      const used = await w.db.selectFrom(other.table).select('id').where(field.name, '=', id).limit(1).executeTakeFirst();
      if (used) throw badRequest(`该${model.title}已被${other.title}引用，不能删除`);
    }
  },
};

const ALL = [textHooks, lockHooks, moveHooks, workflowHooks, aggregateHooks, referenceHooks, fileReferenceHooks];

export const declaredHooks = (_model: EntityModel): EntityHooks[] => ALL;
