import { type Kysely, sql } from 'kysely';
import { q } from '../../engine/schema/ddl.ts';
import { CHOICE_COUNT_PREFIX } from '../../engine/read/choice-counts.ts';
import { IDENTIFIER, NOT_BACKED_UP } from './format.ts';

/*
 * The tables of the current schema as the database itself describes them: the backup reads this to
 * know what to write, the restore to know what the target has. Names and types here come from the
 * database's catalog, never from a backup file.
 */

export interface TableInfo {
  name: string;
  /** Columns in their order, with the type as PostgreSQL names it (format_type), generated ones left out. */
  columns: { name: string; type: string }[];
  /** The primary key's columns in key order; empty when the table has none. */
  primaryKey: string[];
  /** Other tables this one's foreign keys point at. */
  references: string[];
}

/**
 * Every table of the current schema but the migrator's own, a referenced table before the tables that
 * reference it (then by name): rows restored in this order never break a foreign key.
 */
export async function readCatalog(db: Kysely<any>): Promise<Map<string, TableInfo>> {
  const { rows } = await sql<{ table_name: string; column_name: string; type: string; pk_position: number | null }>`
    select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as type,
           array_position(pk.indkey::int2[], a.attnum) as pk_position
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    left join pg_index pk on pk.indrelid = c.oid and pk.indisprimary
    where n.nspname = current_schema() and c.relkind in ('r', 'p')
    order by c.relname, a.attnum`.execute(db);
  const { rows: links } = await sql<{ from_table: string; to_table: string }>`
    select c.relname as from_table, r.relname as to_table
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_class r on r.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = current_schema()`.execute(db);
  const tables = new Map<string, TableInfo & { keyed: [number, string][] }>();
  for (const r of rows) {
    if (NOT_BACKED_UP.has(r.table_name) || r.table_name.startsWith(CHOICE_COUNT_PREFIX)) continue;
    if (!IDENTIFIER.test(r.table_name) || !IDENTIFIER.test(r.column_name)) throw new Error(`表 ${r.table_name}.${r.column_name} 的名称不在备份支持的范围内`);
    let table = tables.get(r.table_name);
    if (!table) tables.set(r.table_name, (table = { name: r.table_name, columns: [], primaryKey: [], references: [], keyed: [] }));
    table.columns.push({ name: r.column_name, type: r.type });
    if (r.pk_position) table.keyed.push([Number(r.pk_position), r.column_name]);
  }
  for (const link of links) {
    const table = tables.get(link.from_table);
    if (table && link.to_table !== link.from_table && tables.has(link.to_table)) table.references.push(link.to_table);
  }
  const result = new Map<string, TableInfo>();
  const visit = (name: string, path: Set<string>) => {
    if (result.has(name) || path.has(name)) return;
    const { keyed, ...table } = tables.get(name)!;
    path.add(name);
    for (const target of [...table.references].sort()) visit(target, path);
    result.set(name, { ...table, primaryKey: keyed.sort((a, b) => a[0] - b[0]).map(([, c]) => c) });
  };
  for (const name of [...tables.keys()].sort()) visit(name, new Set());
  return result;
}

/** `cast(cast($n as text) as <type>)`: a value given as text, read as the column's own type on either engine. */
export const asColumnType = (value: string | null, type: string) => sql`cast(cast(${value} as text) as ${sql.raw(type)})`;

export const ident = (name: string) => sql.raw(q(name));

/** Rows in a table (the restore compares them with the backup's counts). */
export async function countRows(db: Kysely<any>, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${ident(table)}`.execute(db);
  return Number(rows[0].n);
}
