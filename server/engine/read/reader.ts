import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { notFound } from '../../http/envelope.ts';
import { choiceTotal } from './choice-counts.ts';
import { exactCount, knownTotal, type Total } from './counting.ts';
import { declaredLabels } from './declared-labels.ts';
import { maskValue } from './masking.ts';
import { type EntityModel, readColumns } from '../schema/model.ts';
import type { ListPlan } from './query.ts';
import type { Dicts } from '../write/record-checks.ts';
import type { Registry } from '../schema/registry.ts';
import { applyScope, isRestricted, type RowScope } from '../scope/row-scope.ts';
import { hidePending } from './pending-rows.ts';
import { hideSecrets } from '../write/secret-fields.ts';
import { NOT_FOUND } from '../write/writer.ts';

/*
 * Reads records as the client shows them: every field, `{field}_dictText` beside each dictionary and
 * reference field (the item's text, the referenced record's label), masked fields masked for users
 * without the entity's view-sensitive permission, and on queryById the rows of each sub-table.
 */

export type Row = Record<string, unknown>;

const NO_FILTERS: Pick<ListPlan, 'filters'> = { filters: [] };

/**
 * From this offset on, a list page is read as a deferred join: the rows it skips are walked as ids alone
 * (from the sort index alone where the index covers the conditions and VACUUM has marked the table's
 * pages all-visible), and only the page's own rows are read in full. Shallower pages skip too few rows for
 * that to pay. One statement, so one snapshot: the same rows as the plain OFFSET read. A property, so
 * tests can move it.
 */
export const deepPages = { fromOffset: 1000 };

/** The column a page's rows carry their exact total in (taken off before they are decorated). */
const PAGE_TOTAL = '__page_total';

// biome-ignore lint: the builder's table types are dynamic here
type Select = SelectQueryBuilder<any, any, any>;

/**
 * The list order, total thanks to the id tie-breaker, so pages never overlap. Empty values sort as the
 * smallest (last when descending, first when ascending), so one index (column DESC NULLS LAST, id DESC)
 * serves both directions.
 */
function inListOrder<Q extends Select>(query: Q, sort: ListPlan['sort'], alias?: string): Q {
  const col = (column: string) => (alias ? `${alias}.${column}` : column);
  return query.orderBy(col(sort.column), (ob) => (sort.order === 'desc' ? ob.desc().nullsLast() : ob.asc().nullsFirst())).orderBy(col('id'), sort.order) as Q;
}

export interface Page {
  records: Row[];
  total: number;
  /** The total is the planner's estimate (a filtered list over many rows), shown as such. */
  totalEstimated?: boolean;
  size: number;
  current: number;
  pages: number;
}

export class RecordReader {
  constructor(
    private readonly db: Kysely<any>,
    private readonly registry: Registry,
    private readonly dicts: Dicts,
    /** Whether the reader may see the model's masked fields unmasked. */
    private readonly sees: (model: EntityModel) => Promise<boolean>,
    /** The rows the reader may see at all (tenants, data rules); every read goes through it. */
    private readonly scopeOf: (model: EntityModel) => Promise<RowScope | undefined> = async () => undefined,
  ) {}

  /** The rows of a model this reader may see: what reports and aggregates over it must apply too. */
  scope(model: EntityModel): Promise<RowScope | undefined> {
    return this.scopeOf(model);
  }

  /**
   * A select over the rows this reader may see (tenant, data rules, not soft-deleted), for aggregates
   * (reports, the dashboard, charts): they start here instead of at the bare table. `alias` names the
   * table; `plan` narrows the rows by a list's filters (a chart's query bar).
   */
  async scoped(model: EntityModel, alias?: string, plan: Pick<ListPlan, 'filters'> = NO_FILTERS) {
    return this.filtered(model, plan, await this.scopeOf(model), false, alias);
  }

  /** The plan's rows within the scope: live ones, or (`deleted`) the soft-deleted ones of the recycle bin. */
  private filtered(model: EntityModel, plan: Pick<ListPlan, 'filters' | 'anyOf' | 'selections'>, scope: RowScope | undefined, deleted = false, alias?: string) {
    const col = (column: string) => (alias ? `${alias}.${column}` : column);
    let query = hidePending(applyScope(this.db.selectFrom(alias ? `${model.table} as ${alias}` : model.table), scope, alias), model.table, alias);
    if (model.doc.entity.softDelete) query = query.where(col(model.doc.entity.softDelete), '=', deleted ? 1 : 0);
    for (const f of plan.filters) query = query.where(col(f.column), f.op, f.value);
    const anyOf = plan.anyOf;
    if (anyOf?.length) query = query.where((eb) => eb.or(anyOf.map((f) => eb(col(f.column), f.op, f.value))));
    if (plan.selections) query = query.where(col('id'), 'in', plan.selections.length ? plan.selections : ['']);
    return query;
  }

  /** Raw rows of a plan in its order, `offset` rows on; a deep page finds its ids before reading its rows. */
  async rows(model: EntityModel, plan: ListPlan, limit: number, offset: number): Promise<Row[]> {
    return this.pageRows(model, plan, await this.scopeOf(model), limit, offset).execute();
  }

  private pageRows(model: EntityModel, plan: ListPlan, scope: RowScope | undefined, limit: number, offset: number) {
    const rows = this.filtered(model, plan, scope).select(readColumns(model));
    if (offset < deepPages.fromOffset) return inListOrder(rows, plan.sort).limit(limit).offset(offset);
    // The page's rows are read within the scope and filters once more, as every read is: on one page's ids it costs nothing.
    return inListOrder(rows.where('id', 'in', this.pageIds(model, plan, scope, limit, offset)), plan.sort);
  }

  /** A page's ids, under the alias k so that the read of their rows keeps its own columns. */
  private pageIds(model: EntityModel, plan: ListPlan, scope: RowScope | undefined, limit: number, offset: number) {
    return inListOrder(this.filtered(model, plan, scope, false, 'k').select('k.id'), plan.sort, 'k')
      .limit(limit)
      .offset(offset);
  }

  /**
   * The recycle bin: soft-deleted rows within the reader's scope (tenant, data rules) and the plan's
   * filters, the latest deleted first. Empty for an entity without soft delete.
   */
  async deletedRows(model: EntityModel, plan: ListPlan): Promise<Row[]> {
    if (!model.doc.entity.softDelete) return [];
    return this.filtered(model, plan, await this.scopeOf(model), true)
      .select(readColumns(model))
      .orderBy(model.audit.has('update_time') ? 'update_time' : 'id', 'desc')
      .orderBy('id')
      .limit(plan.pageSize)
      .offset((plan.pageNo - 1) * plan.pageSize)
      .execute();
  }

  async page(model: EntityModel, plan: ListPlan): Promise<Page> {
    const scope = await this.scopeOf(model);
    const filtered =
      plan.filters.length > 0 || !!plan.anyOf?.length || !!plan.selections || model.system || !!model.doc.entity.softDelete || isRestricted(scope);
    const offset = (plan.pageNo - 1) * plan.pageSize;
    // The query bar's choice filters are answered by their maintained counters, exactly and without a count.
    const counters = filtered && !plan.anyOf?.length && !plan.selections ? choiceTotal(this.db, model, plan.filters, scope) : null;
    const known = counters ? null : await knownTotal(this.db, model.table, this.filtered(model, plan, scope), filtered);
    const totalQuery = counters ?? exactCount(this.filtered(model, plan, scope));
    const countAlone = async () => Number((await totalQuery.executeTakeFirstOrThrow()).n);
    let rows: Row[];
    let counted: Total;
    if (known || offset >= deepPages.fromOffset) {
      // A deep page (rarely visited) keeps its statement to the deferred join's ids and rows.
      rows = await this.pageRows(model, plan, scope, plan.pageSize, offset).execute();
      counted = known ?? { total: await countAlone(), estimated: false };
    } else {
      // Counters, or few rows expected: the exact total rides along as a scalar subquery of the page's own statement.
      const found = await this.pageRows(model, plan, scope, plan.pageSize, offset).select(totalQuery.as(PAGE_TOTAL)).execute();
      // A page past the last has no row to carry it: then it is counted alone.
      const n = found.length ? found[0][PAGE_TOTAL] : offset ? await countAlone() : 0;
      rows = found.map(({ [PAGE_TOTAL]: _, ...row }) => row);
      counted = { total: Number(n), estimated: false };
    }
    const { total, estimated } = counted;
    return {
      records: await this.decorate(model, rows),
      total,
      ...(estimated ? { totalEstimated: true } : {}),
      size: plan.pageSize,
      current: plan.pageNo,
      pages: Math.ceil(total / plan.pageSize),
    };
  }

  /** The ids of a plan's rows in its order, at most `limit` (an export's snapshot, read page by page with rowsOf). */
  async ids(model: EntityModel, plan: ListPlan, limit: number): Promise<string[]> {
    const query = inListOrder(this.filtered(model, plan, await this.scopeOf(model)).select('id'), plan.sort).limit(limit);
    return (await query.execute()).map((r) => String(r.id));
  }

  /** The rows of these ids still within the reader's scope, in the ids' order (one gone meanwhile is left out). */
  async rowsOf(model: EntityModel, ids: string[]): Promise<Row[]> {
    if (!ids.length) return [];
    const rows = await this.filtered(model, NO_FILTERS, await this.scopeOf(model))
      .select(readColumns(model))
      .where('id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async byId(model: EntityModel, id: string): Promise<Row> {
    let one = hidePending(applyScope(this.db.selectFrom(model.table).select(readColumns(model)).where('id', '=', id), await this.scopeOf(model)), model.table);
    if (model.doc.entity.softDelete) one = one.where(model.doc.entity.softDelete, '=', 0);
    const row = await one.executeTakeFirst();
    if (!row) throw notFound(NOT_FOUND);
    const [record] = await this.decorate(model, [row]);
    for (const slot of model.batches) {
      const child = this.registry.get(slot.child);
      const sort = child.doc.list?.defaultSort ?? { column: 'create_time', order: 'asc' as const };
      const rows = await this.db
        .selectFrom(child.table)
        .select(readColumns(child))
        .where(child.doc.entity.parent!.field, '=', id)
        .orderBy(sort.column, sort.order)
        .orderBy('id')
        .execute();
      record[slot.model] = await this.decorate(child, rows);
    }
    return record;
  }

  /** The dictionary a field's values come from: its own, or one its list column renders with. */
  private dictOf(model: EntityModel, name: string): string | undefined {
    return model.field.get(name)?.dict ?? model.doc.list?.columns.find((c) => c.dataIndex === name)?.dict;
  }

  private dictText(dict: string, value: unknown): string {
    if (value === null || value === undefined || value === '') return '';
    const items = this.dicts[dict] ?? [];
    return String(value)
      .split(',')
      .map((v) => items.find((o) => o.value === v)?.text ?? v)
      .join(',');
  }

  /**
   * The referenced records' labels for every reference field of the rows, in ONE statement (a part per field,
   * tagged with its index): a list of two reference columns spent two of its round trips on them.
   */
  private async refLabels(model: EntityModel, rows: Row[]): Promise<Map<string, Map<string, string>>> {
    const labels = new Map<string, Map<string, string>>();
    const parts = [];
    const fields = model.fields.filter((f) => f.ref?.label);
    for (const [k, f] of fields.entries()) {
      labels.set(f.name, new Map());
      const ids = [
        ...new Set(
          rows
            .map((r) => r[f.name])
            .filter((v) => v !== null && v !== undefined && v !== '')
            .map(String),
        ),
      ];
      if (!ids.length) continue;
      const target = this.registry.get(f.ref!.entity);
      parts.push(
        this.db
          .selectFrom(target.table)
          .select([sql.lit(k).as('k'), sql<string>`cast(${sql.ref('id')} as text)`.as('id'), sql<string>`cast(${sql.ref(f.ref!.label!)} as text)`.as('label')])
          .where('id', 'in', ids),
      );
    }
    if (!parts.length) return labels;
    const found = await parts
      .slice(1)
      .reduce((q, part) => q.unionAll(part), parts[0])
      .execute();
    for (const r of found as { k: number | string; id: string; label: string | null }[]) labels.get(fields[Number(r.k)].name)!.set(r.id, r.label ?? '');
    return labels;
  }

  async decorate(model: EntityModel, rows: Row[]): Promise<Row[]> {
    const labels = new Map([...(await this.refLabels(model, rows)), ...(await declaredLabels(this.db, this.registry, model, rows))]);
    const unmasked = await this.sees(model);
    const dictFields = [...model.columns.keys()].map((name) => [name, this.dictOf(model, name)] as const).filter((e): e is readonly [string, string] => !!e[1]);
    return rows.map((row) => {
      const out: Row = { ...row };
      for (const [name, dict] of dictFields) out[`${name}_dictText`] = this.dictText(dict, row[name]);
      for (const [name, map] of labels) out[`${name}_dictText`] = row[name] === null || row[name] === undefined ? '' : (map.get(String(row[name])) ?? '');
      if (!unmasked) for (const f of model.fields) if (f.mask) out[f.name] = maskValue(f.mask, row[f.name]);
      hideSecrets(model, out);
      return out;
    });
  }
}
