import { type Kysely, sql } from 'kysely';
import type { Session } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import type { DB } from '../db/schema.ts';
import type { Registry } from '../engine/schema/registry.ts';
import { FILE_REF_TABLE, FILE_REMOVE_GRANT, FILE_TABLE, rebuildReferences } from '../engine/write/file-references.ts';
import { newId } from '../lib/ids.ts';
import { formatTimestamp, nowText } from '../lib/time.ts';
import type { StoredObject } from './file-store.ts';
import { STORED_PATH, storedImageType } from './uploads.ts';

/*
 * 文件管理 (system/file): every upload has an index row (name, size, type, uploader, time) written through
 * the writer as the uploader, and the writer keeps the reference index (engine/write/file-references.ts).
 * A file is deleted by the document's 删除 operation only, which refuses a file in use and removes the
 * stored bytes after the row; the generic delete is refused (it could not remove the bytes).
 */

export const FILE_DOC = 'system/file';
const INDEX_LOCK = 7_345_010;
const REFERENCES_BUILT = 'file_refs_built';

export interface StoredUpload {
  path: string;
  fileName: string;
  size: number;
  type: string;
  biz: string;
}

const typeOf = (path: string, claimed?: string) => storedImageType(path) ?? (claimed || 'application/octet-stream');

/** The index row of an upload just stored, written as the uploader (tenant, department, audit). */
export async function recordUpload(ctx: AppContext, session: Session, upload: StoredUpload): Promise<void> {
  const model = ctx.runtime.registry.get(FILE_DOC);
  const values = {
    file_name: upload.fileName.slice(0, 255) || upload.path,
    path: upload.path,
    file_size: upload.size,
    file_type: typeOf(upload.path, upload.type).slice(0, 100),
    biz: upload.biz,
  };
  await ctx.runtime.write(session, model, (w) => w.add(model, { values, batches: new Map() }));
}

async function unlinkStored(ctx: AppContext, path: string) {
  if (STORED_PATH.test(path)) await ctx.files.remove(path);
}

/** Uploads left in 'temp' for more than `days` that no record uses: their rows and bytes go (a job's handler). */
export async function removeUnusedTempFiles(ctx: AppContext, days: number): Promise<number> {
  const cutoff = formatTimestamp(new Date(Date.now() - days * 24 * 3600 * 1000));
  const db = ctx.db as unknown as Kysely<any>;
  // Deleted only while still unused: a record saved meanwhile keeps its file.
  const gone = await db
    .deleteFrom(FILE_TABLE)
    .where('path', 'like', 'temp/%')
    .where('ref_count', '=', 0)
    .where('create_time', '<', cutoff)
    .returning('path')
    .execute();
  for (const { path } of gone) await unlinkStored(ctx, String(path));
  return gone.length;
}

/** The 删除 operation: refused while referenced (hook), then the row, then the stored bytes. */
export async function removeFile(ctx: AppContext, session: Session, id: string): Promise<string> {
  const model = ctx.runtime.registry.get(FILE_DOC);
  const row = (await ctx.db
    .selectFrom(FILE_TABLE as never)
    .select(['path' as never])
    .where('id' as never, '=', id as never)
    .executeTakeFirst()) as { path: string } | undefined;
  await ctx.runtime.write(session, model, (w) => w.remove(model, id), undefined, [FILE_REMOVE_GRANT]);
  if (row) await unlinkStored(ctx, row.path);
  return '删除成功';
}

/**
 * At start: stored files without an index row get one (uploads from before the index, restored or
 * copied ones), and the reference index is built from the records whenever such files appeared or it
 * was never built. One process at a time (advisory lock); on later starts it costs one directory walk
 * and one query.
 */
export async function syncFileIndex(db: Kysely<DB>, registry: Registry, stored: StoredObject[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(INDEX_LOCK)})`.execute(trx);
    const raw = trx as unknown as Kysely<any>;
    const known = new Set((await raw.selectFrom(FILE_TABLE).select('path').execute()).map((r) => String(r.path)));
    const missing = stored.filter((o) => !known.has(o.path));
    const now = nowText();
    for (let at = 0; at < missing.length; at += 500) {
      const rows = missing.slice(at, at + 500).map(({ path, size }) => ({
        id: newId(),
        path,
        file_name: path.slice(path.lastIndexOf('/') + 1),
        file_size: size,
        file_type: typeOf(path),
        biz: path.slice(0, path.indexOf('/')),
        ref_count: 0,
        create_by: 'system',
        create_time: now,
      }));
      await raw
        .insertInto(FILE_TABLE)
        .values(rows)
        .onConflict((oc) => oc.column('path').doNothing())
        .execute();
    }
    const built = await raw.selectFrom('sys_meta').select('key').where('key', '=', REFERENCES_BUILT).executeTakeFirst();
    if (missing.length || !built) {
      await rebuildReferences(raw, registry, now);
      // A file found on disk belongs to the tenant of a record using it, else to the first tenant.
      await sql`update ${sql.table(FILE_TABLE)} f set
          tenant_id = coalesce((select r.tenant_id from ${sql.table(FILE_REF_TABLE)} r where r.file_id = f.id and r.tenant_id is not null limit 1), (select min(id) from sys_tenant)),
          sys_org_code = (select r.sys_org_code from ${sql.table(FILE_REF_TABLE)} r where r.file_id = f.id and r.sys_org_code is not null limit 1)
        where f.tenant_id is null`.execute(raw);
      await raw
        .insertInto('sys_meta')
        .values({ key: REFERENCES_BUILT, value: now })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: now }))
        .execute();
    }
    return missing.length;
  });
}
