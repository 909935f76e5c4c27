import type { Kysely } from 'kysely';
import type { DictOption } from '../../services/dictionaries.ts';
import type { EntityModel } from '../schema/model.ts';
import type { FieldError } from '../schema/record-schema.ts';
import type { Registry } from '../schema/registry.ts';
import { applyScope } from '../scope/row-scope.ts';
import { hidePending } from '../read/pending-rows.ts';

/*
 * The checks that need data: dictionary membership (against the snapshot taken before the write),
 * uniqueness, references (and what a reference must
 * agree with, e.g. a team must belong to the record's activity). They run inside the write's
 * transaction, on the fields the write changes.
 */

export type Dicts = Record<string, DictOption[]>;

export interface CheckContext {
  db: Kysely<any>;
  registry: Registry;
  dicts: Dicts;
  /** The tenants whose rows the writer sees (undefined: one tenant only, no wall); a reference must point at one of their rows. */
  tenants?: number[];
  /**
   * Referenced rows already read, by table and id: set only for a check that writes nothing (an import's first
   * phase, whose rows mostly point at the same few records); the writing phase checks the references again.
   */
  seen?: Map<string, Promise<Record<string, unknown> | undefined>>;
  /** Uniqueness against the table is checked by the caller, for many records at once (an import). */
  uniqueLater?: boolean;
}

/**
 * A referenced table's rows the writer may point at: its tenants' and the shared ones (tenant 0), as the scoped reader
 * shows them — never an import's pending row, which may yet be dropped.
 */
export function referable(ctx: Pick<CheckContext, 'db' | 'tenants'>, target: EntityModel) {
  const rows = hidePending(ctx.db.selectFrom(target.table), target.table);
  return ctx.tenants && target.audit.has('tenant_id') ? applyScope(rows, { tenants: ctx.tenants }) : rows;
}

const show = (v: unknown) => String(v).slice(0, 50);
const same = (a: unknown, b: unknown) => ((a ?? null) === null ? (b ?? null) === null : String(a) === String(b ?? ''));

export function dictErrors(model: EntityModel, record: Record<string, unknown>, changed: Set<string>, dicts: Dicts): FieldError[] {
  const errors: FieldError[] = [];
  for (const f of model.fields) {
    const v = record[f.name];
    if (!f.dict || !changed.has(f.name) || v === null || v === undefined || v === '') continue;
    const values = new Set((dicts[f.dict] ?? []).map((o) => o.value));
    const bad = String(v)
      .split(',')
      .find((part) => !values.has(part));
    if (bad !== undefined) errors.push({ field: f.name, message: `${f.label}的值不在字典中: ${show(bad)}` });
  }
  return errors;
}

/** The column groups that must be unique: unique fields, and the document's unique indexes. */
export const uniqueGroups = (model: EntityModel): string[][] => [
  ...model.fields.filter((f) => f.unique).map((f) => [f.name]),
  ...(model.doc.entity.indexes ?? []).filter((i) => i.unique).map((i) => i.columns),
];

/** A record's values of a unique group as one comparable key; undefined when one is empty (no uniqueness then). */
export function uniqueKey(columns: string[], record: Record<string, unknown>): string | undefined {
  if (columns.some((c) => record[c] === null || record[c] === undefined)) return undefined;
  return JSON.stringify(columns.map((c) => String(record[c])));
}

/**
 * The tenants among whose rows a record's unique values must not repeat: all (undefined) unless the document
 * makes them unique per tenant (entity.uniquePer) — then the record's tenant and the shared tenant 0, whose rows
 * every tenant sees; a shared record's values must be unique everywhere.
 */
export function uniqueTenants(model: EntityModel, tenantId: unknown): number[] | undefined {
  if (model.doc.entity.uniquePer !== 'tenant' || !model.audit.has('tenant_id')) return undefined;
  const tenant = Number(tenantId ?? 0);
  return tenant ? [tenant, 0] : undefined;
}

/** The refusal of a record whose `columns` repeat another's. */
export function duplicateError(model: EntityModel, columns: string[], record: Record<string, unknown>): FieldError {
  // The parent's id in a sub-table's unique key says nothing to the user: name the other columns.
  const parentField = model.doc.entity.parent?.field;
  const shown = columns.filter((c) => c !== parentField);
  const label = shown.map((c) => model.columns.get(c)?.label ?? c).join('、');
  return { field: shown[0] ?? columns[0], message: `${label}已存在: ${shown.map((c) => show(record[c])).join('、')}` };
}

/**
 * Of many new records, the indexes of those whose unique values the table already holds, with the refusal:
 * one statement per group and chunk instead of one per record.
 */
export async function storedDuplicates(
  ctx: CheckContext,
  model: EntityModel,
  records: Record<string, unknown>[],
  tenantId: unknown,
): Promise<Map<number, FieldError[]>> {
  const found = new Map<number, FieldError[]>();
  const tenants = uniqueTenants(model, tenantId);
  for (const columns of uniqueGroups(model)) {
    const candidates = [...records.entries()].filter(([, r]) => uniqueKey(columns, r) !== undefined);
    for (let start = 0; start < candidates.length; start += 500) {
      const chunk = candidates.slice(start, start + 500);
      // One column: one index scan for the chunk's values (500 OR-ed equalities took ~1 s on the embedded database).
      const [only] = columns;
      let query = ctx.db
        .selectFrom(model.table)
        .select(columns)
        .where((eb: any) =>
          columns.length === 1
            ? eb(
                only,
                'in',
                chunk.map(([, r]) => r[only]),
              )
            : eb.or(chunk.map(([, r]) => eb.and(columns.map((c) => eb(c, '=', r[c]))))),
        );
      if (tenants) query = query.where('tenant_id', 'in', tenants);
      const keys = new Set((await query.execute()).map((r: Record<string, unknown>) => uniqueKey(columns, r)));
      for (const [i, r] of chunk) if (keys.has(uniqueKey(columns, r))) found.set(i, [...(found.get(i) ?? []), duplicateError(model, columns, r)]);
    }
  }
  return found;
}

/**
 * Whether another row than `selfId` holds `record`'s values of the unique group `columns`, among the rows its
 * tenant's values must differ from: the writer's check, and /sys/duplicate/check's answer.
 */
export async function isTaken(
  db: Kysely<any>,
  model: EntityModel,
  columns: string[],
  record: Record<string, unknown>,
  selfId: string,
  tenantId: unknown,
): Promise<boolean> {
  let query = db.selectFrom(model.table).select('id').where('id', '<>', selfId);
  for (const c of columns) query = query.where(c, '=', record[c]);
  const tenants = uniqueTenants(model, tenantId);
  if (tenants) query = query.where('tenant_id', 'in', tenants);
  return !!(await query.limit(1).executeTakeFirst());
}

async function uniqueErrors(
  ctx: CheckContext,
  model: EntityModel,
  record: Record<string, unknown>,
  changed: Set<string>,
  selfId: string,
  tenantId: unknown,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const columns of uniqueGroups(model)) {
    if (!columns.some((c) => changed.has(c)) || uniqueKey(columns, record) === undefined) continue;
    if (await isTaken(ctx.db, model, columns, record, selfId, tenantId)) errors.push(duplicateError(model, columns, record));
  }
  return errors;
}

async function refErrors(ctx: CheckContext, model: EntityModel, record: Record<string, unknown>, changed: Set<string>): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const f of model.fields) {
    const ref = f.ref;
    const v = record[f.name];
    const match = Object.entries(ref?.match ?? {});
    if (!ref || v === null || v === undefined || (!changed.has(f.name) && !match.some(([mine]) => changed.has(mine)))) continue;
    const target = ctx.registry.get(ref.entity);
    // Another tenant's row answers as a missing one: its existence is no business of this tenant.
    const read = () =>
      referable(ctx, target)
        .select(['id', ...match.map(([, theirs]) => theirs)])
        .where('id', '=', String(v))
        .executeTakeFirst() as Promise<Record<string, unknown> | undefined>;
    const key = JSON.stringify([target.table, String(v), match]);
    let pending = ctx.seen?.get(key);
    if (!pending) {
      pending = read();
      ctx.seen?.set(key, pending);
    }
    const row = await pending;
    if (!row) errors.push({ field: f.name, message: `${f.label}不存在` });
    else if (match.some(([mine, theirs]) => !same(record[mine], row[theirs]))) errors.push({ field: f.name, message: ref.message ?? `${f.label}不匹配` });
  }
  return errors;
}

/**
 * The checks that query: uniqueness and references; `selfId` is the record's own id (not a duplicate of itself),
 * `tenantId` the tenant it belongs to (the writer's for a new one).
 */
export async function dataErrors(
  ctx: CheckContext,
  model: EntityModel,
  record: Record<string, unknown>,
  changed: Set<string>,
  selfId: string,
  tenantId: unknown,
): Promise<FieldError[]> {
  const unique = ctx.uniqueLater ? [] : await uniqueErrors(ctx, model, record, changed, selfId, tenantId);
  return [...unique, ...(await refErrors(ctx, model, record, changed))];
}
