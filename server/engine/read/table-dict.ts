import { type Kysely, sql } from 'kysely';
import type { Condition } from '../../../src/core/schema/types.generated.ts';
import { badRequest } from '../../http/envelope.ts';
import type { DictOption } from '../../services/dictionaries.ts';
import { conditionFields, conditionSql, isCondition } from '../schema/condition.ts';
import { likeContains } from '../schema/like.ts';
import { columnOf, type EntityModel } from '../schema/model.ts';
import type { Registry } from '../schema/registry.ts';
import { applyScope, type RowScope } from '../scope/row-scope.ts';
import { hidePending } from './pending-rows.ts';

/*
 * Table dictionaries ("table,text,code[,condition]"): options drawn from a business table. Only tables
 * whose document declares entity.dictSource may be named, with the text and code columns it lists; the
 * optional condition is JSON in the declarative grammar (never SQL text) over that table's fields,
 * masked fields excepted (a condition must not become a way to probe a phone number).
 */

export interface TableDict {
  model: EntityModel;
  text: string;
  code: string;
  condition?: Condition;
}

const NAME = /^[a-z][a-z0-9_]{0,62}$/;
export const MAX_OPTIONS = 1000;

function parseCondition(model: EntityModel, raw: string): Condition {
  let value: unknown;
  for (const text of [raw, safeDecode(raw)]) {
    try {
      value = JSON.parse(text);
      break;
    } catch {
      // try the next spelling
    }
  }
  if (!isCondition(value)) throw badRequest('字典查询条件格式不正确，应为条件 JSON');
  for (const name of conditionFields(value)) {
    const f = columnOf(model, name);
    if (!f || f.type === 'json' || (model.field.get(name)?.mask ?? false)) throw badRequest(`字典查询条件不能使用字段: ${name}`);
  }
  return value;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Checks the parts of a table dictionary against the declared sources; a 400 for anything else. */
export function resolveTableDict(registry: Registry, table: string, text: string, code: string, condition?: string): TableDict {
  const refused = () => badRequest(`字典表或字段未授权: ${[table, text, code].join(',').slice(0, 100)}`);
  if (![table, text, code].every((p) => NAME.test(p))) throw refused();
  const model = registry.byTable(table);
  const source = model?.doc.entity.dictSource;
  if (!model || !source || !source.text.includes(text) || !source.code.includes(code)) throw refused();
  return { model, text, code, condition: condition ? parseCondition(model, condition) : undefined };
}

/** "table,text,code[,condition]" (the condition, being JSON, may itself hold commas). */
export function parseTableDictSpec(registry: Registry, spec: string, conditionParam?: string): TableDict {
  const [table = '', text = '', code = '', ...rest] = spec.split(',').map((p, i) => (i < 3 ? p.trim() : p));
  return resolveTableDict(registry, table, text, code, rest.length ? rest.join(',') : conditionParam || undefined);
}

const option = (value: unknown, text: unknown): DictOption => {
  const t = String(text ?? '');
  return { value: String(value ?? ''), text: t, label: t, title: t };
};

/**
 * Options of a table dictionary: all (up to a cap), those whose text contains a keyword, or those with given
 * codes. `scope` is the asking user's row scope (tenant and data rules): a lookup never lists rows the user's
 * list would not show. Soft-deleted rows are never options.
 */
export async function tableDictOptions(
  db: Kysely<any>,
  dict: TableDict,
  opts: { keyword?: string; keys?: string[]; limit?: number; scope?: RowScope } = {},
): Promise<DictOption[]> {
  let query = hidePending(applyScope(db.selectFrom(dict.model.table).select([`${dict.code} as value`, `${dict.text} as text`]), opts.scope), dict.model.table);
  const deleted = dict.model.doc.entity.softDelete;
  if (deleted) query = query.where(deleted, '=', 0);
  if (dict.condition) query = query.where((eb) => conditionSql(eb, dict.condition!));
  if (opts.keyword) query = query.where(sql`${sql.ref(dict.text)}::text`, 'ilike', likeContains(opts.keyword));
  if (opts.keys) query = query.where(sql`${sql.ref(dict.code)}::text`, 'in', opts.keys.length ? opts.keys : ['']);
  const rows = await query
    .orderBy(dict.text)
    .limit(opts.limit ?? MAX_OPTIONS)
    .execute();
  return rows.map((r) => option(r.value, r.text));
}
