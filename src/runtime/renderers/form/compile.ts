import type { Field, GeneralField } from '@formily/core';
import type { ISchema, SchemaReaction } from '@formily/react';
import type { CompileContext } from '../../widgets/contract.ts';
import { widgetOf } from '../../widgets/kit.ts';
import { evaluateCondition, evaluateExpression } from '../../../core/schema/condition.ts';
import { columnFor } from '../../../core/schema/field-names.ts';
import type { EntityDef, FormDef, Linkage, WidgetItem } from '../../../core/schema/types.generated.ts';
import { entityReactions, entityValidators } from './entity-rules.ts';
import { checkDuplicate } from '../../helpers/remote-validators.ts';

/*
 * The form compiler: the designer's { list, config } → a Formily schema rendered with
 * @formily/antd-v5 and our widgets. Stored documents never contain Formily; this runs at render
 * time. Linkage becomes reaction functions built here from data, never strings run as code.
 */
export const DEFAULT_REQUIRED_MESSAGE = '必填项';
const PLACEHOLDER = /^\$\{(username|realname|departName|departCode)\}$/;

export function resolveDefault(value: unknown, placeholders: Record<string, string>): unknown {
  if (typeof value === 'string') {
    const m = PLACEHOLDER.exec(value.trim());
    if (m) return placeholders[m[1]] ?? '';
  }
  return value;
}

/** The first rule carries required and its message ('必填项' by default); the others are patterns. */
export function validatorOf(item: WidgetItem): Record<string, unknown>[] {
  const [first, ...rest] = item.rules ?? [];
  const rules: Record<string, unknown>[] = [];
  if (first?.required) rules.push({ required: true, message: first.message || DEFAULT_REQUIRED_MESSAGE });
  if (first?.pattern) rules.push({ pattern: first.pattern, message: first.message || '格式不正确' });
  for (const r of rest) if (r.pattern) rules.push({ pattern: r.pattern, message: r.message || '格式不正确' });
  return rules;
}

function linkageReaction(rule: Linkage): SchemaReaction {
  return (field: GeneralField) => {
    const values = field.form.values as Record<string, unknown>;
    const on = evaluateCondition(rule.when, values);
    switch (rule.effect) {
      case 'show':
        field.visible = on;
        break;
      case 'hide':
        field.visible = !on;
        break;
      case 'require':
        (field as Field).required = on;
        break;
      case 'disable':
        field.disabled = on;
        break;
      case 'set':
        if (on) (field as Field).value = evaluateExpression(rule.value, values);
        break;
    }
  };
}

function dataDefaults(item: WidgetItem, placeholders: Record<string, string>): unknown {
  const value = resolveDefault(item.options?.defaultValue, placeholders);
  // Designer scaffolds carry '' / [] / false as "no default": keep the field empty rather than filled with them.
  if (value === '' || value === null || (Array.isArray(value) && value.length === 0)) return undefined;
  if (item.type === 'switch' && typeof value === 'boolean') return value ? (item.options?.activeValue ?? 'Y') : (item.options?.inactiveValue ?? 'N');
  return value;
}

/**
 * The entity's unique fields, checked against the server as the user types (/sys/duplicate/check);
 * dataId is the record being edited, so its own value does not count as taken.
 */
export interface UniqueCheck {
  tableName: string;
  fields: string[];
  dataId?: string;
}

/** The unique fields of an entity, checked as the user types; the edited record's own value is fine. */
export function uniqueCheckOf(entity: EntityDef, recordId?: string): UniqueCheck | undefined {
  const fields = entity.fields.filter((f) => f.unique).map((f) => f.name);
  return fields.length ? { tableName: entity.table, fields, ...(recordId ? { dataId: recordId } : {}) } : undefined;
}

export interface CompileOptions {
  placeholders?: Record<string, string>;
  unique?: UniqueCheck;
  /** The entity behind the form: its number ranges and cross-field checks are validated as the user types. */
  entity?: EntityDef;
  /** Replaces the server call in unit tests. */
  checkDuplicate?: typeof checkDuplicate;
}

/**
 * The async validator of a unique field: the server's message (该值不可用，系统中已存在！) when taken. The field is
 * named by its property (postRank); the check names table and column, as JeecgBoot's contract has it (post_rank).
 */
export function uniqueValidator(fieldName: string, unique: UniqueCheck, check: typeof checkDuplicate = checkDuplicate): Record<string, unknown> {
  return {
    triggerType: 'onInput',
    validator: (value: unknown) =>
      check({ tableName: unique.tableName, fieldName: columnFor(fieldName), fieldVal: value, ...(unique.dataId ? { dataId: unique.dataId } : {}) }).catch(
        () => undefined,
      ),
  };
}

export function compileForm(def: FormDef, opts: CompileOptions = {}): ISchema {
  const placeholders = opts.placeholders ?? {};
  const byModel = new Map<string, ISchema>();
  const hideMark = !!def.config.hideRequiredMark;

  const compileItem = (item: WidgetItem): [string, ISchema] => {
    const registration = widgetOf(item.type);
    if (!registration) return [item.key, { type: 'void', 'x-component': 'UnsupportedWidget', 'x-component-props': { type: item.type, label: item.label } }];
    const base = registration.schema(item, ctx);
    if (!registration.data) return [item.key, base];
    const name = item.model || item.key;
    const unique = opts.unique?.fields.includes(name) ? [uniqueValidator(name, opts.unique, opts.checkDuplicate)] : [];
    const schema: ISchema = {
      ...base,
      title: item.label,
      'x-decorator': 'FormItem',
      'x-decorator-props': { ...(hideMark ? { asterisk: false } : {}), ...(base['x-decorator-props'] as object) },
      'x-validator': [
        ...validatorOf(item),
        ...((base['x-validator'] as Record<string, unknown>[] | undefined) ?? []),
        ...entityValidators(opts.entity, name, item),
        ...unique,
      ],
      'x-reactions': [...((base['x-reactions'] as SchemaReaction[] | undefined) ?? []), ...entityReactions(opts.entity, name)],
      default: dataDefaults(item, placeholders),
      'x-hidden': item.options?.hidden || undefined,
      'x-disabled': item.options?.disabled || undefined,
      'x-read-only': item.options?.readonly || undefined,
    };
    byModel.set(name, schema);
    return [name, schema];
  };

  const ctx: CompileContext = {
    placeholders,
    compileList: (list) => Object.fromEntries((list ?? []).map(compileItem)),
  };

  const properties = ctx.compileList(def.list);
  for (const rule of def.config.linkage ?? []) {
    const target = byModel.get(rule.target);
    if (!target) continue;
    const existing = target['x-reactions'];
    target['x-reactions'] = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), linkageReaction(rule)];
  }
  return { type: 'object', properties };
}
