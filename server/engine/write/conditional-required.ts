import { evaluateCondition } from '../../../src/core/schema/condition.ts';
import type { EntityModel } from '../schema/model.ts';
import type { FieldError } from '../schema/record-schema.ts';

/*
 * Fields required only in some records (税号 when the invoice title is a 单位): `requiredWhen` on the
 * field, checked on the whole record as it will be stored. The form shows the same rule through a
 * require linkage; this is the server's check, with the same interpreter the form uses.
 */

const isEmpty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

export function conditionalRequiredErrors(model: EntityModel, record: Record<string, unknown>): FieldError[] {
  return model.fields
    .filter((f) => f.requiredWhen && isEmpty(record[f.name]) && evaluateCondition(f.requiredWhen.when, record))
    .map((f) => ({ field: f.name, message: f.requiredWhen!.message ?? `${f.label}不能为空` }));
}
