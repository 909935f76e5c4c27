import { createHash } from 'node:crypto';
import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { toSnake } from '../../../src/core/schema/field-names.ts';
import type { EntityModel } from '../schema/model.ts';
import type { Registry } from '../schema/registry.ts';
import { applyScope, type RowScope } from '../scope/row-scope.ts';
import type { Filter } from './query.ts';
import { isPending } from './pending-rows.ts';
import { SCOPE_COLUMNS, scopeValueSql, summaryCovers } from './report-summaries.ts';

/*
 * Exact list totals under the query bar's choice filters without counting rows. A list filtered by 支付状态
 * or 所属活动 counted every matching row on each request (about 1–2 µs a row on the embedded database:
 * 20,000 rows of one 支付方式, ~90 ms) or, above EXACT_COUNT_LIMIT, showed the planner's estimate. Here
 * each business table whose list offers choice filters (a dictionary or a reference picked from a list)
 * keeps one counter row per combination of those columns' values and of the scope columns a reader's rows
 * are limited by (tenant, department, owner: SCOPE_COLUMNS, as the reports' summaries), holding its number
 * of live rows. A page whose filters are all equalities or lists of values on those columns, for a reader
 * limited by scope columns only, reads its total as the sum of the matching counters — exact, and as cheap
 * at a million rows as at a hundred.
 *
 * Statement-level triggers keep the counters (like sys_row_count): every write path counts, bulk ones,
 * imports and SQL run by hand included, in the write's own transaction; concurrent writers add up
 * (INSERT … ON CONFLICT DO UPDATE n = n + excluded.n). Rows of a pending import are counted as they are
 * written, so while one is under way the totals are counted from the rows as before. The counters are
 * derived data: rebuilt from the rows when their definition changes and after a restore, never backed up.
 */

/** The name prefix of the counter tables (the backup leaves them out: backup/catalog.ts). */
export const CHOICE_COUNT_PREFIX = 'ccnt_';
const META_PREFIX = 'choice_count:';

/** The query bar's views whose filter is one value or a list of values of a code. */
const CHOICE_VIEWS = new Set(['list', 'list_multi', 'radio', 'checkbox', 'switch', 'sel_search']);
/** Types whose text is the same in JS and in SQL (`::text`), so a filter's value meets its counter. */
const COUNTED_TYPES = new Set(['string', 'integer']);

/** Each model's counted columns, worked out once (a list request asks for them). */
const countedOf = new WeakMap<EntityModel, readonly string[]>();

/** The columns a model's counters are kept by: its list's choice filters on single-valued code fields. */
export function countedColumns(model: EntityModel): readonly string[] {
  let columns = countedOf.get(model);
  // Frozen: the k-th column is the counter table's k-th key, so the shared list must never be reordered.
  if (!columns) countedOf.set(model, (columns = Object.freeze(choiceColumns(model))));
  return columns;
}

function choiceColumns(model: EntityModel): string[] {
  if (model.system) return [];
  const columns = (model.doc.list?.query ?? [])
    .filter((q) => q.view && CHOICE_VIEWS.has(q.view))
    .map((q) => model.field.get(toSnake(q.field)))
    .filter((f) => !!f && (f.dict || f.ref) && COUNTED_TYPES.has(f.type) && !SCOPE_COLUMNS.includes(f.name as never))
    .map((f) => f!.name);
  return [...new Set(columns)];
}

export const choiceCountTable = (model: EntityModel) => `${CHOICE_COUNT_PREFIX}${createHash('sha1').update(model.table).digest('hex').slice(0, 12)}`;

/** The counter column of the k-th counted column. */
const keyColumn = (k: number) => `k${k}`;
/** A value as its counter keeps it: '=' and its text, '' for no value (a key column cannot be null). */
const keyText = (value: string | number | boolean) => `=${String(value)}`;
const keySql = (column: string, rows: string) => sql`coalesce('=' || ${sql.ref(`${rows}.${column}`)}::text, '')`;

/** Everything the counters' content depends on: any change rebuilds them. */
const fingerprint = (model: EntityModel, columns: readonly string[]) =>
  JSON.stringify([model.table, columns, model.doc.entity.softDelete ?? null, SCOPE_COLUMNS, 1]);

/** The counters' key columns, in the table's order. */
const keyColumns = (columns: readonly string[]) => [...columns.map((_, k) => keyColumn(k)), ...SCOPE_COLUMNS];

/** One counter row per key of `rows` (a table or a transition table), with its number of live rows times `sign`. */
function keyedRows(model: EntityModel, columns: readonly string[], rows: string, sign: 1 | -1): RawBuilder<unknown> {
  const live = model.doc.entity.softDelete ? sql`where ${sql.ref(`${rows}.${model.doc.entity.softDelete}`)} = 0` : sql``;
  const keys = [...columns.map((c) => keySql(c, rows)), ...SCOPE_COLUMNS.map((c) => scopeValueSql(c, rows))];
  return sql`select ${sql.join(keys.map((k, i) => sql`${k} as ${sql.ref(`c${i}`)}`))}, ${sql.lit(sign)} as d from ${sql.table(rows)} ${live}`;
}

/** The upsert adding the summed differences of `parts` to the counters. */
function addSql(table: string, model: EntityModel, columns: readonly string[], parts: RawBuilder<unknown>[]): RawBuilder<unknown> {
  const keys = keyColumns(columns);
  const grouped = keys.map((_, i) => sql.ref(`c${i}`));
  return sql`insert into ${sql.table(table)} as c (${sql.join(keys.map((k) => sql.ref(k)))}, n)
    select ${sql.join(grouped)}, sum(d) from (${sql.join(parts, sql` union all `)}) u group by ${sql.join(grouped)} having sum(d) <> 0
    on conflict (${sql.join(keys.map((k) => sql.ref(k)))}) do update set n = c.n + excluded.n`;
}

/** Creates the counter table, its trigger function and triggers, and fills it from the rows. */
async function buildCounts(db: Kysely<any>, model: EntityModel, columns: readonly string[]): Promise<void> {
  const table = choiceCountTable(model);
  const fn = `${table}_trg`;
  await dropCounts(db, model);
  let create = db.schema.createTable(table);
  for (const k of columns.keys()) create = create.addColumn(keyColumn(k), sql`text collate "C"`, (c) => c.notNull());
  await create
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('sys_org_code', 'text', (c) => c.notNull())
    .addColumn('create_by', 'text', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${table}_pk`, keyColumns(columns) as any)
    .execute();
  const add = (parts: RawBuilder<unknown>[]) => addSql(table, model, columns, parts).compile(db).sql;
  // Compiled without parameters: every value in these statements is a literal or an identifier.
  await sql
    .raw(
      `create function ${fn}() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then ${add([keyedRows(model, columns, 'new_rows', 1)])};
      elsif tg_op = 'DELETE' then ${add([keyedRows(model, columns, 'old_rows', -1)])};
      else ${add([keyedRows(model, columns, 'new_rows', 1), keyedRows(model, columns, 'old_rows', -1)])};
      end if;
      return null;
    end $$`,
    )
    .execute(db);
  const on = (name: string, event: string, transition: string) =>
    sql.raw(`create trigger ${name} after ${event} on "${model.table}" referencing ${transition} for each statement execute function ${fn}()`).execute(db);
  await on(`${table}_ins`, 'insert', 'new table as new_rows');
  await on(`${table}_del`, 'delete', 'old table as old_rows');
  await on(`${table}_upd`, 'update', 'old table as old_rows new table as new_rows');
  await addSql(table, model, columns, [keyedRows(model, columns, model.table, 1)]).execute(db);
  await sql`analyze ${sql.table(table)}`.execute(db);
}

async function dropCounts(db: Kysely<any>, model: EntityModel): Promise<void> {
  const table = choiceCountTable(model);
  // The triggers go with their function (cascade), the table with its rows.
  await sql.raw(`drop function if exists ${table}_trg() cascade`).execute(db);
  await db.schema.dropTable(table).ifExists().execute();
}

/**
 * At sync (in its transaction): builds the counters of the models that are new or whose counted columns
 * changed, drops those of models that no longer have any. `force`: rebuilds them all (after a restore).
 */
export async function syncChoiceCounts(db: Kysely<any>, registry: Registry, force = false): Promise<void> {
  const stored = new Map(
    (await db.selectFrom('sys_meta').select(['key', 'value']).where('key', 'like', `${META_PREFIX}%`).execute()).map((r: any) => [
      String(r.key).slice(META_PREFIX.length),
      String(r.value),
    ]),
  );
  for (const model of registry.all()) {
    const columns = countedColumns(model);
    const had = stored.get(model.table);
    stored.delete(model.table);
    const value = columns.length ? fingerprint(model, columns) : undefined;
    if (!force && had === value) continue;
    const key = `${META_PREFIX}${model.table}`;
    if (!value) {
      await dropCounts(db, model);
      await db.deleteFrom('sys_meta').where('key', '=', key).execute();
      continue;
    }
    await buildCounts(db, model, columns);
    await db
      .insertInto('sys_meta')
      .values({ key, value })
      .onConflict((oc: any) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }
}

// biome-ignore lint: the builder's table types are dynamic here
type CountQuery = SelectQueryBuilder<any, any, { n: unknown }>;

/**
 * The total of a page from the counters, as a select of `n` (a statement of its own or a scalar subquery),
 * or null when they cannot answer: a filter on another column or of another kind, a data rule on a column
 * they do not keep, an import of the table under way in this process.
 */
export function choiceTotal(db: Kysely<any>, model: EntityModel, filters: Filter[], scope: RowScope | undefined): CountQuery | null {
  const columns = countedColumns(model);
  if (!columns.length || isPending(model.table) || !summaryCovers(scope)) return null;
  const conditions: [string, 'in' | '=' | '<>', string | string[]][] = [];
  for (const f of filters) {
    const k = columns.indexOf(f.column);
    if (k < 0) return null;
    if (f.op === '=') conditions.push([keyColumn(k), '=', keyText(f.value)]);
    else if (f.op === 'in') conditions.push([keyColumn(k), 'in', f.value.map(keyText)]);
    else if (f.op === 'is distinct from') conditions.push([keyColumn(k), '<>', keyText(f.value)]);
    else if (f.op === 'is') conditions.push([keyColumn(k), '=', '']);
    else return null;
  }
  let query = applyScope(db.selectFrom(choiceCountTable(model)), scope).select(sql`coalesce(sum(n), 0)`.as('n'));
  for (const [column, op, value] of conditions) query = query.where(column, op, value);
  return query as CountQuery;
}
