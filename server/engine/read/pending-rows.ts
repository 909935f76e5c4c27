/*
 * Rows an import has written but not yet published (write/import-batch.ts) are hidden from every read: the
 * scoped reader, references, table dictionaries, edits' scope check, and the roll-ups and derived statuses
 * recomputed from the rows. Which rows are pending is decided by the database, in the reading statement's own
 * snapshot — a row whose `import_batch` is listed in sys_import_batch — so a read sent before a publish
 * commits and run after it sees the batch, and one run after a failed publish does not. This process's memory
 * only says which tables may hold pending rows (on the embedded database one process owns the data, and only
 * there are imports written in batches): the condition is added to reads of those tables while an import is
 * under way, and costs nothing otherwise. Uniqueness checks do not use it: a value a pending row holds is taken
 * (the table's unique index holds it already). The declared reports' summaries take a pending row in with its
 * chunk (a publish adding 10,000 rows' distinct-count cells took seconds), so while a table may hold pending rows
 * its reports are answered from its rows instead (reports.ts: isPending).
 */

export const IMPORT_BATCH = 'import_batch';
export const BATCH_TABLE = 'sys_import_batch';

/** Batches under way in this process, by the tables they write (their records' table and the data log). */
const pending = new Map<string, Set<string>>();

/** From before a batch writes its first row until it is published or dropped. */
export function markPending(batch: string, tables: string[]): void {
  for (const table of tables) pending.set(table, new Set([...(pending.get(table) ?? []), batch]));
}

export function forgetPending(batch: string, tables: string[]): void {
  for (const table of tables) {
    const batches = pending.get(table);
    batches?.delete(batch);
    if (!batches?.size) pending.delete(table);
  }
}

/** Whether `table` may hold pending rows: an import of it is under way in this process. */
export const isPending = (table: string): boolean => pending.has(table);

// The query builders are of any table here: their types cannot name its columns.
type Where = { where: (...args: any[]) => any };

/** The query without the rows of `table` (named `alias` in it) that belong to a batch not yet published. */
export function hidePending<Q extends Where>(query: Q, table: string, alias?: string): Q {
  if (!pending.has(table)) return query;
  const column = alias ? `${alias}.${IMPORT_BATCH}` : IMPORT_BATCH;
  // An expression builder of that table, untyped for the same reason.
  return query.where((eb: any) => eb.or([eb(column, 'is', null), eb(column, 'not in', eb.selectFrom(BATCH_TABLE).select(`${BATCH_TABLE}.id`))]));
}
