import { type Kysely, sql } from 'kysely';
import { newId } from '../../lib/ids.ts';
import type { EntityModel } from '../schema/model.ts';
import type { Registry } from '../schema/registry.ts';
import type { RowChange } from './aggregates.ts';
import type { EntityHooks } from './hooks.ts';

/*
 * The reference index of uploaded files (sys_file_ref): which record's field holds which upload. The
 * writer keeps it on every add, edit and delete of every document — an upload field holds a stored path
 * ('biz/20261124/<32 hex>.png', several comma-separated), rich text holds it in an <img src> or a link —
 * so 文件管理 shows a file's records and refuses to delete a file in use without scanning any table.
 * A stored name carries 32 random hex digits: text that merely looks like one does not occur by chance.
 */

export const FILE_TABLE = 'sys_file';
/** Held only by 文件管理's 删除 operation, which removes the stored bytes too: a delete without it is refused. */
export const FILE_REMOVE_GRANT = 'system:file:remove-stored';
export const FILE_REF_TABLE = 'sys_file_ref';
/** Tables whose values are never references: the index itself, and logs that quote old values. */
const NOT_INDEXED = new Set([FILE_TABLE, FILE_REF_TABLE, 'sys_data_log', 'sys_log']);

const STORED_PATH_IN_TEXT = /(?<![a-z0-9_])([a-z0-9_]{1,32}\/\d{8}\/[0-9a-f]{32}\.[a-z0-9]{1,10})(?![a-z0-9])/gi;

/** Stored paths in a row's values → the first field holding each. */
export function pathsIn(row: Record<string, unknown> | undefined): Map<string, string> {
  const found = new Map<string, string>();
  for (const [field, value] of Object.entries(row ?? {})) {
    if (typeof value !== 'string' || value.length < 44) continue;
    for (const match of value.matchAll(STORED_PATH_IN_TEXT)) if (!found.has(match[1])) found.set(match[1], field);
  }
  return found;
}

const sameKeys = (a: Map<string, string>, b: Map<string, string>) => a.size === b.size && [...a.keys()].every((k) => b.has(k));

/** Sets sys_file.ref_count of these files from the index. */
async function recount(db: Kysely<any>, fileIds: string[]) {
  if (!fileIds.length) return;
  await sql`update ${sql.table(FILE_TABLE)} f set ref_count = (select count(*) from ${sql.table(FILE_REF_TABLE)} r where r.file_id = f.id) where f.id in (${sql.join(fileIds)})`.execute(
    db,
  );
}

/**
 * Replaces the index entries of the records these changes touched, for those whose paths changed (a
 * write that touches no upload costs no statement). Paths of files not in sys_file are not indexed.
 */
export async function indexReferences(db: Kysely<any>, table: string, changes: RowChange[], now: string): Promise<void> {
  if (NOT_INDEXED.has(table)) return;
  const touched: { id: string; row?: Record<string, unknown>; paths: Map<string, string> }[] = [];
  for (const { before, after } of changes) {
    const [was, is] = [pathsIn(before), pathsIn(after)];
    if (!was.size && !is.size) continue;
    if (before && after && sameKeys(was, is)) continue;
    touched.push({ id: String((after ?? before)!.id), row: after, paths: is });
  }
  if (!touched.length) return;
  const ids = touched.map((t) => t.id);
  const dropped = await sql<{
    file_id: string;
  }>`delete from ${sql.table(FILE_REF_TABLE)} where ref_table = ${table} and record_id in (${sql.join(ids)}) returning file_id`.execute(db);
  const entries = touched.flatMap(({ id, row, paths }) =>
    [...paths].map(
      ([path, field]) =>
        sql`(${newId()}, ${path}, ${id}, ${field}, ${row?.tenant_id == null ? null : String(row.tenant_id)}, ${(row?.sys_org_code as string | null) ?? null})`,
    ),
  );
  const added = entries.length
    ? await sql<{ file_id: string }>`
        insert into ${sql.table(FILE_REF_TABLE)} (id, file_id, ref_table, record_id, field, tenant_id, sys_org_code, create_time)
        select v.id, f.id, ${table}, v.record_id, v.field, cast(v.tenant_id as integer), v.org, cast(${now} as timestamp)
        from (values ${sql.join(entries)}) as v(id, path, record_id, field, tenant_id, org)
        join ${sql.table(FILE_TABLE)} f on f.path = v.path
        returning file_id`.execute(db)
    : { rows: [] };
  await recount(db, [...new Set([...dropped.rows, ...added.rows].map((r) => r.file_id))]);
}

/** Every document's fields that can hold a path (a stored path is at least 44 characters). */
const pathColumns = (model: EntityModel) =>
  model.fields.filter((f) => ['text', 'json'].includes(f.type) || (f.type === 'string' && (f.length ?? 255) >= 44)).map((f) => f.name);

/** Builds the whole index from the records (an install from before the index, files found on disk). */
export async function rebuildReferences(db: Kysely<any>, registry: Registry, now: string): Promise<void> {
  await sql`delete from ${sql.table(FILE_REF_TABLE)}`.execute(db);
  for (const model of registry.all()) {
    const columns = pathColumns(model);
    if (NOT_INDEXED.has(model.table) || !columns.length) continue;
    const audit = ['tenant_id', 'sys_org_code'].filter((c) => model.audit.has(c));
    for (let offset = 0; ; offset += 1000) {
      const rows = await db
        .selectFrom(model.table)
        .select(['id', ...audit, ...columns])
        .orderBy('id')
        .limit(1000)
        .offset(offset)
        .execute();
      if (!rows.length) break;
      await indexReferences(
        db,
        model.table,
        rows.map((row) => ({ after: row })),
        now,
      );
    }
  }
  await sql`update ${sql.table(FILE_TABLE)} f set ref_count = (select count(*) from ${sql.table(FILE_REF_TABLE)} r where r.file_id = f.id)`.execute(db);
}

/** The declared hook every document gets: the index follows each batch of changes. */
export const fileReferenceHooks: EntityHooks = {
  async afterSave(model, changes, w) {
    await indexReferences(w.db, model.table, changes, w.actor.now);
  },
  async afterDelete(model, changes, w) {
    await indexReferences(w.db, model.table, changes, w.actor.now);
  },
};
