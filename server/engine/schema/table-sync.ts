import { type Kysely, sql } from 'kysely';
import { AUDIT_NAMES } from '../../../src/core/schema/audit-fields.ts';
import type { DB } from '../../db/schema.ts';
import {
  type Change,
  type ColumnInfo,
  changeSql,
  createTableSql,
  diffTable,
  indexesOf,
  indexSql,
  normaliseType,
  q,
  rowCountSql,
  UNIQUE_PREFIX,
} from './ddl.ts';
import type { EntityModel } from './model.ts';
import { BATCH_TABLE } from '../read/pending-rows.ts';
import { type Registry, SchemaError } from './registry.ts';

/*
 * Creates and evolves the tables behind the documents. Additive only: new tables and columns, wider
 * columns. A narrower column, a changed type or a dropped field is refused while the column holds data
 * (nothing is applied then), and no column is ever dropped. System tables belong to the migrations:
 * they are only checked.
 */

type Columns = Map<string, Map<string, ColumnInfo>>;

async function introspect(db: Kysely<DB>, tables: string[]): Promise<Columns> {
  const { rows } = await sql<{
    table_name: string;
    column_name: string;
    data_type: string;
    character_maximum_length: number | null;
    numeric_precision: number | null;
    numeric_scale: number | null;
    datetime_precision: number | null;
  }>`
    select table_name, column_name, data_type, character_maximum_length, numeric_precision, numeric_scale, datetime_precision
    from information_schema.columns
    where table_schema = current_schema() and table_name in (${sql.join(tables)})
    order by table_name, ordinal_position`.execute(db);
  const result: Columns = new Map();
  for (const r of rows) {
    const table = result.get(r.table_name) ?? new Map<string, ColumnInfo>();
    table.set(r.column_name, { type: normaliseType(r) });
    result.set(r.table_name, table);
  }
  return result;
}

async function holdsData(db: Kysely<DB>, table: string, column: string): Promise<boolean> {
  const { rows } = await sql.raw<{ found: number }>(`select 1 as found from ${q(table)} where ${q(column)} is not null limit 1`).execute(db);
  return rows.length > 0;
}

async function hasDuplicates(db: Kysely<DB>, table: string, columns: string[]): Promise<boolean> {
  const list = columns.map(q).join(', ');
  const notNull = columns.map((c) => `${q(c)} is not null`).join(' and ');
  const { rows } = await sql.raw(`select 1 from ${q(table)} where ${notNull} group by ${list} having count(*) > 1 limit 1`).execute(db);
  return rows.length > 0;
}

/** The indexes there are, by name, with their tables. */
async function existingIndexes(db: Kysely<DB>): Promise<Map<string, string>> {
  const { rows } = await sql<{ indexname: string; tablename: string }>`select indexname, tablename from pg_indexes where schemaname = current_schema()`.execute(
    db,
  );
  return new Map(rows.map((r) => [r.indexname, r.tablename]));
}

/** The triggers there are, as `table.trigger` (the row counters' among them). */
async function existingTriggers(db: Kysely<DB>): Promise<Set<string>> {
  const { rows } = await sql<{ name: string }>`select c.relname || '.' || t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace`.execute(db);
  return new Set(rows.map((r) => r.name));
}

function describe(change: Change): string {
  return change.kind === 'orphan' ? '（文档已不再声明该字段）' : change.kind === 'narrow' ? `（${change.from} → ${change.to}）` : '';
}

/** The statements a table needs, or the reasons it may not be changed. */
async function planModel(
  db: Kysely<DB>,
  model: EntityModel,
  existing: Map<string, ColumnInfo> | undefined,
  indexes: Map<string, string>,
  triggers: ReadonlySet<string>,
  batches: boolean,
) {
  const statements: string[] = [];
  const problems: string[] = [];
  if (!existing) statements.push(createTableSql(model));
  for (const change of existing ? diffTable(model, existing) : []) {
    if ((change.kind === 'narrow' || change.kind === 'orphan') && (await holdsData(db, model.table, change.column))) {
      problems.push(`表 ${model.table}：字段 ${change.column} 已有数据，不能删除或缩小${describe(change)}`);
      continue;
    }
    const statement = changeSql(model.table, change);
    if (statement) statements.push(statement);
  }
  const planned = indexesOf(model);
  // A unique index the document no longer declares (a field no longer unique, or unique per tenant now) must not
  // keep refusing values; dropping one changes no data.
  for (const [name, table] of indexes)
    if (table === model.table && name.startsWith(`${UNIQUE_PREFIX}_`) && !planned.some((p) => p.name === name))
      statements.push(`drop index if exists ${q(name)}`);
  for (const index of planned) {
    if (indexes.has(index.name)) continue;
    if (existing && index.unique && (await hasDuplicates(db, model.table, index.columns))) {
      problems.push(`表 ${model.table}：字段 ${index.columns.join(', ')} 已有重复数据，不能设为唯一`);
      continue;
    }
    statements.push(indexSql(model.table, index));
  }
  statements.push(...rowCountSql(model.table, triggers, batches));
  return { statements, problems };
}

/**
 * Brings every table in line with its document; run it in the start-up transaction, so that on any
 * problem nothing is changed and a SchemaError names each table and column. Also records which audit
 * columns each table really has.
 */
export async function syncTables(db: Kysely<DB>, registry: Registry): Promise<void> {
  const models = registry.all();
  const columns = await introspect(
    db,
    models.map((m) => m.table),
  );
  const [indexes, triggers] = await Promise.all([existingIndexes(db), existingTriggers(db)]);
  // A restore syncs the tables of an older backup before the later migrations have run (no sys_import_batch yet).
  const { rows } = await sql<{ found: string | null }>`select to_regclass(${BATCH_TABLE})::text as found`.execute(db);
  const batches = !!rows[0]?.found;
  const statements: string[] = [];
  const problems: string[] = [];
  for (const model of models) {
    const existing = columns.get(model.table);
    if (model.system) {
      if (!existing) problems.push(`系统表 ${model.table} 不存在`);
      for (const f of model.fields) if (existing && !existing.has(f.name)) problems.push(`系统表 ${model.table} 缺少字段 ${f.name}`);
      model.audit = new Set([...AUDIT_NAMES].filter((name) => existing?.has(name)));
      continue;
    }
    const plan = await planModel(db, model, existing, indexes, triggers, batches);
    statements.push(...plan.statements);
    problems.push(...plan.problems);
  }
  if (problems.length) throw new SchemaError(problems, '表结构变更被拒绝');
  for (const statement of statements) await sql.raw(statement).execute(db);
}
