import { createHash } from 'node:crypto';
import { AUDIT_FIELDS } from '../../../src/core/schema/audit-fields.ts';
import type { FieldDef } from '../../../src/core/schema/types.generated.ts';
import { type EntityModel, precisionOf, scaleOf } from './model.ts';
import { BATCH_TABLE, IMPORT_BATCH } from '../read/pending-rows.ts';

/*
 * The pure half of the table sync: a document's columns as SQL types, the difference between what a
 * table has and what the document declares, and the statements that make it so. Every identifier here
 * has passed the meta-schema's ^[a-z][a-z0-9_]*$ pattern; it is quoted all the same.
 */

export interface ColumnInfo {
  /** Normalised SQL type: 'varchar(100)', 'numeric(14,2)', 'timestamp(0)', 'integer', 'text' … */
  type: string;
}

export type Change =
  | { kind: 'add'; column: string; type: string; field: FieldDef }
  | { kind: 'widen'; column: string; from: string; to: string }
  /** Narrowing or a type change: allowed only while the column holds no data. */
  | { kind: 'narrow'; column: string; from: string; to: string }
  /** A column the document no longer declares: never dropped, refused while it holds data. */
  | { kind: 'orphan'; column: string };

export const q = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

export function columnType(f: FieldDef): string {
  switch (f.type) {
    case 'string':
      return `varchar(${f.length ?? 255})`;
    case 'decimal':
      return `numeric(${precisionOf(f)},${scaleOf(f)})`;
    case 'datetime':
      return 'timestamp(0)';
    case 'json':
      return 'jsonb';
    default:
      return f.type;
  }
}

/** information_schema.columns → the normalised type of columnType(). */
export function normaliseType(row: {
  data_type: string;
  character_maximum_length: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
  datetime_precision: number | null;
}): string {
  switch (row.data_type) {
    case 'character varying':
      return row.character_maximum_length ? `varchar(${row.character_maximum_length})` : 'text';
    case 'numeric':
      return `numeric(${row.numeric_precision},${row.numeric_scale})`;
    case 'timestamp without time zone':
      return `timestamp(${row.datetime_precision ?? 6})`;
    default:
      return row.data_type;
  }
}

const varcharLength = (type: string) => Number(/^varchar\((\d+)\)$/.exec(type)?.[1] ?? NaN);
const numericParts = (type: string) => /^numeric\((\d+),(\d+)\)$/.exec(type)?.slice(1).map(Number);

/** Whether changing a column from one type to another keeps every value it can hold. */
export function isWidening(from: string, to: string): boolean {
  if (from.startsWith('varchar(') && to.startsWith('varchar(')) return varcharLength(to) >= varcharLength(from);
  if (from.startsWith('varchar(') && to === 'text') return true;
  const a = numericParts(from);
  const b = numericParts(to);
  if (a && b) return b[1] >= a[1] && b[0] - b[1] >= a[0] - a[1];
  if (from === 'integer' && b) return b[0] - b[1] >= 10;
  return false;
}

/**
 * The import batch that wrote a row, while it is pending (read/pending-rows.ts): the engine's own column, in no
 * document, never read or written through one.
 */
const IMPORT_BATCH_COLUMN: FieldDef = { name: IMPORT_BATCH, label: '导入批次', type: 'string', length: 32 };

/** The declared columns of a runtime-made table: id, the audit columns, the fields, then the import batch. */
export const declaredColumns = (model: EntityModel): FieldDef[] => [...AUDIT_FIELDS, ...model.fields, IMPORT_BATCH_COLUMN];

export function diffTable(model: EntityModel, existing: Map<string, ColumnInfo>): Change[] {
  const changes: Change[] = [];
  const declared = declaredColumns(model);
  for (const f of declared) {
    const want = columnType(f);
    const have = existing.get(f.name);
    if (!have) changes.push({ kind: 'add', column: f.name, type: want, field: f });
    else if (have.type !== want) changes.push({ kind: isWidening(have.type, want) ? 'widen' : 'narrow', column: f.name, from: have.type, to: want });
  }
  const names = new Set(declared.map((f) => f.name));
  for (const column of existing.keys()) if (!names.has(column)) changes.push({ kind: 'orphan', column });
  return changes;
}

export function literal(value: string | number | boolean | null | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return `'${value.replace(/'/g, "''")}'`;
}

const columnSql = (f: FieldDef) => {
  const def = literal(f.default);
  return `${q(f.name)} ${columnType(f)}${f.name === 'id' ? ' primary key' : ''}${def ? ` default ${def}` : ''}`;
};

export function createTableSql(model: EntityModel): string {
  return `create table ${q(model.table)} (${declaredColumns(model).map(columnSql).join(', ')})`;
}

export function changeSql(table: string, change: Change): string | undefined {
  switch (change.kind) {
    case 'add':
      return `alter table ${q(table)} add column ${columnSql(change.field)}`;
    case 'widen':
    case 'narrow':
      return `alter table ${q(table)} alter column ${q(change.column)} type ${change.to} using ${q(change.column)}::${change.to}`;
    default:
      return undefined;
  }
}

export interface IndexPlan {
  name: string;
  columns: string[];
  unique: boolean;
  trigram: boolean;
  /** A sort index: (column DESC NULLS LAST, id DESC), read backwards for ascending sorts. */
  sort?: boolean;
}

/** The name prefix of the unique indexes a document declares: one that the document no longer declares is dropped. */
export const UNIQUE_PREFIX = 'uq';

/** Index names are at most 63 bytes in PostgreSQL: long ones keep a readable head and a hash. */
function indexName(prefix: string, table: string, columns: string[]): string {
  const name = `${prefix}_${table}_${columns.join('_')}`;
  return name.length <= 63 ? name : `${name.slice(0, 50)}_${createHash('sha1').update(name).digest('hex').slice(0, 12)}`;
}

export function indexesOf(model: EntityModel): IndexPlan[] {
  const plans = new Map<string, IndexPlan>();
  const add = (prefix: string, columns: string[], unique = false, trigram = false, sort = false) => {
    const name = indexName(prefix, model.table, columns);
    plans.set(name, { name, columns, unique, trigram, sort });
  };
  // Every column a list may sort by gets an index that serves both directions with the id tie-breaker,
  // so a page is read from the index instead of sorting the whole table.
  const sorted = sortColumns(model);
  for (const column of sorted) add('srt', [column], false, false, true);
  // Uniqueness within each tenant (entity.uniquePer): the index leads with tenant_id; the writer adds the shared rows.
  const uniqueColumns = (columns: string[]) => (model.doc.entity.uniquePer === 'tenant' ? ['tenant_id', ...columns] : columns);
  for (const f of model.fields) {
    if (f.unique) add(UNIQUE_PREFIX, uniqueColumns([f.name]), true);
    // A sort index on the column already serves lookups on it.
    else if ((f.index || f.ref) && !sorted.includes(f.name)) add('idx', [f.name]);
    if (f.searchable === 'like') add('trgm', [f.name], false, true);
  }
  for (const index of model.doc.entity.indexes ?? []) {
    if (index.unique) add(UNIQUE_PREFIX, uniqueColumns(index.columns), true);
    else add('idx', index.columns);
  }
  return [...plans.values()];
}

/** The columns a list may be sorted by: create_time (the default), the default sort, and sortable columns. */
export function sortColumns(model: EntityModel): string[] {
  const list = model.doc.list;
  const names = ['create_time', list?.defaultSort?.column, ...(list?.columns ?? []).filter((c) => c.sorter).map((c) => c.dataIndex)];
  return [...new Set(names.filter((n): n is string => !!n).map((n) => n.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)))];
}

export function indexSql(table: string, plan: IndexPlan): string {
  const columns = plan.trigram
    ? `${q(plan.columns[0])} gin_trgm_ops`
    : plan.sort
      ? `${q(plan.columns[0])} desc nulls last, "id" desc`
      : plan.columns.map(q).join(', ');
  return `create ${plan.unique ? 'unique ' : ''}index if not exists ${q(plan.name)} on ${q(table)} ${plan.trigram ? 'using gin ' : ''}(${columns})`;
}

/**
 * The triggers that keep sys_row_count in step with a runtime table (those not in `existing`, the triggers
 * there are as `table.trigger`), and the resync of its counter. `batches`: sys_import_batch exists (not while a
 * restore syncs the tables of a backup made before migration 038).
 */
export function rowCountSql(table: string, existing: ReadonlySet<string> = new Set(), batches = true): string[] {
  const t = q(table);
  const name = `'${table.replace(/'/g, "''")}'`;
  const trigger = (name: string, on: string) =>
    existing.has(`${table}.${name}`) ? [] : [`create or replace trigger ${q(name)} after ${on} for each statement execute function sys_row_count_trg()`];
  return [
    ...trigger(`cnt_ins_${table}`.slice(0, 63), `insert on ${t} referencing new table as new_rows`),
    ...trigger(`cnt_del_${table}`.slice(0, 63), `delete on ${t} referencing old table as old_rows`),
    // A pending import's rows are not counted until it publishes (write/import-batch.ts); the filtered count
    // (a scan of every row) runs only when the table has a batch listed, which is rare.
    batches
      ? `insert into sys_row_count (table_name, n) select ${name}, case when exists (select 1 from ${BATCH_TABLE} where table_name = ${name})
      then (select count(*) from ${t} where ${IMPORT_BATCH} is null or ${IMPORT_BATCH} not in (select id from ${BATCH_TABLE}))
      else (select count(*) from ${t}) end on conflict (table_name) do update set n = excluded.n`
      : `insert into sys_row_count (table_name, n) select ${name}, count(*) from ${t} on conflict (table_name) do update set n = excluded.n`,
  ];
}
