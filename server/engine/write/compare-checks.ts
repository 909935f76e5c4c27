import { brokenChecks } from '../../../src/core/schema/compare-checks.ts';
import type { FieldError } from '../schema/record-schema.ts';
import type { EntityModel } from '../schema/model.ts';

/** The cross-field rules (entity.rules.checks) a record breaks, each on its field with the rule's message. */
export function compareCheckErrors(model: EntityModel, record: Record<string, unknown>): FieldError[] {
  return brokenChecks(model.doc.entity.rules?.checks, record).map((rule) => ({ field: rule.field, message: rule.message }));
}
