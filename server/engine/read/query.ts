import type { FieldDef } from '../../../src/core/schema/types.generated.ts';
import { badRequest } from '../../http/envelope.ts';
import { escapeLike } from '../schema/like.ts';
import { columnOf, type EntityModel } from '../schema/model.ts';
import { isTextual, nextDay, parseTyped } from '../schema/values.ts';

/*
 * A list request's parameters → a query plan, without touching the database. Identifiers come only from
 * the entity's allow-list (declared fields and audit columns); values stay values, to be bound.
 * The operators are the query bar's encoding (spec section 3): `*x*` like, `!x` not equal, `>=x` …,
 * `a,b` any of (on dictionary and reference fields), `{field}_begin` / `{field}_end` ranges.
 */

export type Filter =
  | { column: string; op: '=' | 'is distinct from' | '>=' | '<=' | '>' | '<'; value: string | number | boolean }
  | { column: string; op: 'ilike'; value: string }
  | { column: string; op: 'in'; value: (string | number | boolean)[] }
  /** Only built by code (an empty parent: a tree's roots), never from a request. */
  | { column: string; op: 'is'; value: null };

export interface ListPlan {
  filters: Filter[];
  /** Rows matching any one of these (an advanced query matching any condition); undefined: no such group. */
  anyOf?: Filter[];
  /** The plan holds an advanced query (superQueryParams): the route demands the superQuery button. */
  superQuery?: boolean;
  sort: { column: string; order: 'asc' | 'desc' };
  pageNo: number;
  pageSize: number;
  /** exportXls: only these ids. */
  selections?: string[];
}

export const MAX_PAGE_SIZE = 1000;
/** Parameters that are not filters. `token` carries the access token on plain download links. */
const RESERVED = new Set(['_t', 'pageNo', 'pageSize', 'column', 'order', 'field', 'selections', 'token', 'superQueryParams', 'superQueryMatchType']);
const ID = /^[A-Za-z0-9_-]{1,32}$/;
const MULTI_VIEWS = new Set(['list', 'list_multi', 'checkbox', 'radio', 'sel_search', 'sel_tree', 'cat_tree', 'sel_user', 'sel_depart']);

function typed(field: FieldDef, raw: string): { value: string | number | boolean; dateOnly?: boolean } {
  const parsed = parseTyped(field, raw);
  if (!parsed.ok) throw badRequest(`${field.label}的查询值格式不正确: ${raw.slice(0, 50)}`);
  return parsed;
}

/** The view of the list's query item for a field, if the list declares one. */
const queryViewOf = (model: EntityModel, field: FieldDef) => model.doc.list?.query?.find((q) => q.field === field.name)?.view;

/** Several values may be asked for at once only where values are codes (dictionaries, references, lists). */
function takesMany(model: EntityModel, field: FieldDef): boolean {
  if (field.dict || field.ref) return true;
  const view = queryViewOf(model, field);
  return !!view && MULTI_VIEWS.has(view);
}

/**
 * A region chosen in a pca query item means "in this region": the six-digit codes of provinces and cities
 * end in 00 pairs (530000 云南省, 533300 怒江州), so the rows whose code starts with the rest (53, 5333).
 */
function regionFilter(field: FieldDef, raw: string): Filter[] {
  if (!/^\d{2,12}$/.test(raw)) throw badRequest(`${field.label}的查询值格式不正确: ${raw.slice(0, 50)}`);
  return [{ column: field.name, op: 'ilike', value: `${raw.replace(/(00)+$/, '') || raw}%` }];
}

/** The filters one `field=value` parameter stands for. */
function fieldFilters(model: EntityModel, field: FieldDef, raw: string): Filter[] {
  const column = field.name;
  if (queryViewOf(model, field) === 'pca' && isTextual(field)) return regionFilter(field, raw);
  if (raw.startsWith('*') || (raw.endsWith('*') && raw.length > 1)) {
    if (!isTextual(field)) throw badRequest(`${field.label}不支持模糊查询`);
    const inner = raw.replace(/^\*/, '').replace(/\*$/, '');
    if (!inner) return [];
    const pattern = `${raw.startsWith('*') ? '%' : ''}${escapeLike(inner)}${raw.endsWith('*') && raw.length > 1 ? '%' : ''}`;
    return [{ column, op: 'ilike', value: pattern }];
  }
  for (const op of ['>=', '<=', '>', '<'] as const) {
    if (raw.startsWith(op)) {
      const { value, dateOnly } = typed(field, raw.slice(op.length));
      // A date alone against a date-time column means the whole day.
      if (dateOnly && (op === '<=' || op === '>')) return [{ column, op: op === '<=' ? '<' : '>=', value: `${nextDay(String(value).slice(0, 10))} 00:00:00` }];
      return [{ column, op, value }];
    }
  }
  if (raw.startsWith('!')) return [{ column, op: 'is distinct from', value: typed(field, raw.slice(1)).value }];
  if (raw.includes(',') && takesMany(model, field)) {
    const values = raw
      .split(',')
      .filter((v) => v !== '')
      .map((v) => typed(field, v).value);
    return values.length ? [{ column, op: 'in', value: values }] : [];
  }
  const { value, dateOnly } = typed(field, raw);
  if (dateOnly)
    return [
      { column, op: '>=', value },
      { column, op: '<', value: `${nextDay(String(value).slice(0, 10))} 00:00:00` },
    ];
  return [{ column, op: '=', value }];
}

function rangeFilter(field: FieldDef, end: boolean, raw: string): Filter {
  const { value, dateOnly } = typed(field, raw);
  if (!end) return { column: field.name, op: '>=', value };
  if (dateOnly) return { column: field.name, op: '<', value: `${nextDay(String(value).slice(0, 10))} 00:00:00` };
  return { column: field.name, op: '<=', value };
}

function pageNumber(raw: unknown, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const text = String(raw);
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1) throw badRequest(`分页参数不正确: ${text.slice(0, 20)}`);
  return Number(text);
}

function sortOf(model: EntityModel, query: Record<string, string>): ListPlan['sort'] {
  const fallback = model.doc.list?.defaultSort ?? { column: 'create_time', order: 'desc' as const };
  const asked = query.column ? model.wire.column(query.column) : undefined;
  if (query.column && !asked) throw badRequest(`不支持按该字段排序: ${model.wire.describe(query.column)}`);
  // JeecgBoot's clients sort by createTime unless told otherwise: a table without it keeps its own order.
  const requested = asked && !(asked === 'create_time' && !columnOf(model, asked)) ? asked : fallback.column;
  if (!columnOf(model, requested) || columnOf(model, requested)!.type === 'json') throw badRequest(`不支持按该字段排序: ${String(query.column).slice(0, 50)}`);
  const order = (requested === asked ? query.order || 'desc' : asked ? fallback.order : query.order || fallback.order).toLowerCase();
  if (order !== 'asc' && order !== 'desc') throw badRequest(`不支持的排序方式: ${String(query.order).slice(0, 20)}`);
  return { column: requested, order };
}

/** JeecgBoot's advanced-query rules → filter operators (like: contains; in: a comma list). */
const SUPER_RULES: Record<string, (field: FieldDef, val: string) => Filter> = {
  eq: (f, v) => ({ column: f.name, op: '=', value: typed(f, v).value }),
  ne: (f, v) => ({ column: f.name, op: 'is distinct from', value: typed(f, v).value }),
  gt: (f, v) => ({ column: f.name, op: '>', value: typed(f, v).value }),
  ge: (f, v) => ({ column: f.name, op: '>=', value: typed(f, v).value }),
  lt: (f, v) => ({ column: f.name, op: '<', value: typed(f, v).value }),
  le: (f, v) => ({ column: f.name, op: '<=', value: typed(f, v).value }),
  like: (f, v) => {
    if (!isTextual(f)) throw badRequest(`${f.label}不支持模糊查询`);
    return { column: f.name, op: 'ilike', value: `%${escapeLike(v)}%` };
  },
  in: (f, v) => ({
    column: f.name,
    op: 'in',
    value: v
      .split(',')
      .filter((x) => x !== '')
      .map((x) => typed(f, x).value),
  }),
};
const MAX_SUPER_CONDITIONS = 20;

/**
 * The advanced query (高级查询) as JeecgBoot's clients send it: superQueryParams, a JSON list of
 * { field, rule, val } (URI-encoded or not), and superQueryMatchType and | or. Every field must be a
 * column of the entity's allow-list and every value reads as that column's type; the conditions go
 * with the other filters (and) or form one any-of group (or).
 */
function superQuery(model: EntityModel, raw: string, match: string | undefined): Pick<ListPlan, 'filters' | 'anyOf'> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.trimStart().startsWith('%') ? decodeURIComponent(raw) : raw);
  } catch {
    throw badRequest('高级查询条件格式不正确');
  }
  if (!Array.isArray(parsed) || parsed.length > MAX_SUPER_CONDITIONS) throw badRequest(`高级查询条件格式不正确（最多${MAX_SUPER_CONDITIONS}个条件）`);
  if (match !== undefined && match !== '' && match !== 'and' && match !== 'or') throw badRequest('高级查询的匹配方式只能是 and 或 or');
  const filters = parsed.map((c: unknown) => {
    const { field, rule, val } = (c ?? {}) as Record<string, unknown>;
    const name = typeof field === 'string' ? model.wire.column(field) : undefined;
    const column = name ? columnOf(model, name) : undefined;
    if (!column || column.type === 'json') throw badRequest(`高级查询字段不存在: ${typeof field === 'string' ? model.wire.describe(field) : ''}`);
    const build = typeof rule === 'string' ? SUPER_RULES[rule] : undefined;
    if (!build) throw badRequest(`不支持的高级查询规则: ${String(rule).slice(0, 20)}`);
    if (val === undefined || val === null || String(val).trim() === '') throw badRequest(`请填写${column.label}的查询值`);
    return build(column, String(val).trim());
  });
  return match === 'or' && filters.length ? { filters: [], anyOf: filters } : { filters };
}

/** An unknown query parameter for its message; a column's name says its property, a range's too (pay_time_begin（应写作 payTime_begin）). */
function unknownParam(model: EntityModel, key: string, range: RegExpExecArray | null): string {
  const property = range ? model.wire.property(range[1]) : undefined;
  if (range && property !== undefined && property !== range[1]) return `${key.slice(0, 64)}（应写作 ${property}_${range[2]}）`;
  return model.wire.describe(key);
}

/** Parses and checks every parameter; anything not understood is a 400, before any SQL is built. */
export function planList(model: EntityModel, rawQuery: Record<string, unknown>): ListPlan {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(rawQuery)) {
    if (Array.isArray(value)) throw badRequest(`查询参数重复: ${key.slice(0, 50)}`);
    query[key] = String(value ?? '');
  }
  const filters: Filter[] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (RESERVED.has(key)) continue;
    const name = model.wire.column(key);
    const exact = name ? columnOf(model, name) : undefined;
    const range = /^(.+)_(begin|end)$/.exec(key);
    const rangeName = !exact && range ? model.wire.column(range[1]) : undefined;
    const ranged = rangeName ? columnOf(model, rangeName) : undefined;
    if (!exact && !ranged) throw badRequest(`未知的查询字段: ${unknownParam(model, key, range)}`);
    if (raw.trim() === '') continue;
    if (exact) filters.push(...fieldFilters(model, exact, raw));
    else filters.push(rangeFilter(ranged!, range![2] === 'end', raw));
  }
  const pageSize = Math.min(pageNumber(query.pageSize, 10), MAX_PAGE_SIZE);
  let selections: string[] | undefined;
  if (query.selections) {
    selections = query.selections.split(',').filter(Boolean);
    if (selections.length > MAX_PAGE_SIZE || selections.some((id) => !ID.test(id))) throw badRequest('选中的记录ID格式不正确');
  }
  const advanced = query.superQueryParams ? superQuery(model, query.superQueryParams, query.superQueryMatchType) : undefined;
  return {
    filters: [...filters, ...(advanced?.filters ?? [])],
    ...(advanced?.anyOf ? { anyOf: advanced.anyOf } : {}),
    ...(advanced ? { superQuery: true } : {}),
    sort: sortOf(model, query),
    pageNo: pageNumber(query.pageNo, 1),
    pageSize,
    selections,
  };
}
