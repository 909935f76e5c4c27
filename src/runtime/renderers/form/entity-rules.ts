import type { Field, GeneralField } from '@formily/core';
import type { SchemaReaction } from '@formily/react';
import { compareHolds } from '../../../core/schema/compare-checks.ts';
import type { EntityDef, WidgetItem } from '../../../core/schema/types.generated.ts';

/*
 * What the entity declares about a field, checked in the form as the user types, with the messages
 * the server's writer gives for the same rules: a number's min / max (when the widget sets no range
 * of its own) and the cross-field rules of entity.rules.checks (结束日期不能早于开始日期).
 */

interface ValidatorContext {
  form?: { values: Record<string, unknown> };
}

// The entity's fields by name, once per entity: a form compiles every field, so no field searches them all.
const fieldsByName = new WeakMap<EntityDef, Map<string, EntityDef['fields'][number]>>();
function fieldOf(entity: EntityDef, name: string) {
  let byName = fieldsByName.get(entity);
  if (!byName) fieldsByName.set(entity, (byName = new Map(entity.fields.map((f) => [f.name, f]))));
  return byName.get(name);
}

/** Formily validators for one field of the entity. */
export function entityValidators(entity: EntityDef | undefined, name: string, item: WidgetItem): Record<string, unknown>[] {
  const field = entity && fieldOf(entity, name);
  if (!field) return [];
  const rules: Record<string, unknown>[] = [];
  const own = item.options ?? {};
  if ((field.type === 'decimal' || field.type === 'integer') && typeof own.min !== 'number' && field.min !== undefined)
    rules.push({ minimum: field.min, message: `${field.label}不能小于${field.min}` });
  if ((field.type === 'decimal' || field.type === 'integer') && typeof own.max !== 'number' && field.max !== undefined)
    rules.push({ maximum: field.max, message: `${field.label}不能大于${field.max}` });
  for (const rule of entity?.rules?.checks ?? []) {
    if (rule.field !== name) continue;
    rules.push({
      validator: (value: unknown, _rule: unknown, ctx: ValidatorContext) =>
        compareHolds(rule, { ...(ctx?.form?.values ?? {}), [name]: value }) ? '' : rule.message,
    });
  }
  return rules;
}

/** A field checked against another one is checked again when that one changes (a new start re-checks the end). */
export function entityReactions(entity: EntityDef | undefined, name: string): SchemaReaction[] {
  const others = (entity?.rules?.checks ?? []).filter((r) => r.field === name && r.other).map((r) => r.other!);
  if (!others.length) return [];
  return [
    (field: GeneralField) => {
      for (const other of others) field.form.getValuesIn(other);
      const f = field as Field;
      if (f.modified || (f.value !== undefined && f.value !== null && f.value !== '')) void f.validate().catch(() => undefined);
    },
  ];
}
