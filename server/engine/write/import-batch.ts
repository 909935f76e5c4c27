import { type Kysely, sql } from 'kysely';
import { newId } from '../../lib/ids.ts';
import { nextTurn } from '../../lib/turn.ts';
import { BATCH_TABLE, forgetPending, IMPORT_BATCH, markPending } from '../read/pending-rows.ts';
import { applySummaries } from '../read/report-summaries.ts';
import { type EntityModel, readColumns } from '../schema/model.ts';
import type { Registry } from '../schema/registry.ts';
import type { RowChange } from './aggregates.ts';
import { DATA_LOG } from './data-log.ts';

/*
 * An import's pending batch (embedded database): its rows and their data log are written in short transactions,
 * each marked with the batch (`import_batch`) and hidden from every read while the batch is listed in
 * sys_import_batch (read/pending-rows.ts); one short commit publishes it by taking it off the list. Still all or
 * nothing: a failure or a cancel deletes what was written, and a process starting up deletes what a crash left.
 * The rows keep their batch id once published (clearing it would rewrite every row and its nine indexes, the very
 * cost the batch spreads out); it is meaningless then. sys_row_count, kept by statement triggers, counts a pending
 * row when it is written: each chunk takes its rows off again in its own transaction, the publish adds them all.
 * The reports' summaries take each chunk in at once (writer.pendingChunk) and are not read meanwhile; a drop
 * takes the chunks' part out again, as a delete of those rows would.
 */

type Db = Kysely<any>;

/** Rows deleted per transaction when a batch is dropped. */
const DROP_CHUNK = 500;

const addToCount = (db: Db, table: string, delta: number) =>
  delta
    ? db
        .updateTable('sys_row_count')
        .set({ n: sql`n + ${delta}` })
        .where('table_name', '=', table)
        .execute()
    : Promise.resolve();

export class ImportBatch {
  readonly id = newId();
  private readonly tables: string[];
  /** The rows written so far (what a drop deletes). */
  private readonly written: Record<string, unknown>[] = [];

  constructor(private readonly model: EntityModel) {
    this.tables = [model.table, DATA_LOG.table];
  }

  /** Lists the batch: in this process's memory first (reads of its tables start filtering), then in the database. */
  async open(db: Db): Promise<void> {
    markPending(this.id, this.tables);
    await db.insertInto(BATCH_TABLE).values({ id: this.id, table_name: this.model.table }).execute();
  }

  /** In a chunk's transaction, once its rows are written: they count only once the batch is published. */
  async wrote(db: Db, changes: RowChange[]): Promise<void> {
    this.written.push(...changes.map((c) => c.after!));
    await addToCount(db, this.model.table, -changes.length);
  }

  /**
   * First in the publish transaction: the batch's rows stop being pending for the statements after this one (the
   * roll-ups recomputed from the rows count them) and, once it commits, for every reader; they are counted.
   */
  async publish(db: Db): Promise<void> {
    await db.deleteFrom(BATCH_TABLE).where('id', '=', this.id).execute();
    await addToCount(db, this.model.table, this.written.length);
  }

  /** After the publish committed: reads of the batch's tables stop filtering (once no other batch is under way). */
  published(): void {
    forgetPending(this.id, this.tables);
  }

  /**
   * Deletes what the batch wrote, in short transactions (its rows stay hidden meanwhile), then takes it off the
   * list. Should the database fail here, the batch stays listed and hidden, and the next start drops it.
   */
  async drop(db: Db): Promise<void> {
    for (let start = 0; start < this.written.length; start += DROP_CHUNK) {
      if (start) await nextTurn();
      const rows = this.written.slice(start, start + DROP_CHUNK);
      await db.transaction().execute((trx) => deleteRows(trx, this.model, this.id, rows));
    }
    await db.deleteFrom(BATCH_TABLE).where('id', '=', this.id).execute();
    forgetPending(this.id, this.tables);
  }
}

/** Rows of a pending batch deleted, with their data log and their part in the summaries; they were never counted. */
async function deleteRows(db: Db, model: EntityModel, batch: string, rows: Record<string, unknown>[]): Promise<void> {
  const ids = rows.map((r) => String(r.id));
  const { numDeletedRows } = await db.deleteFrom(model.table).where('id', 'in', ids).where(IMPORT_BATCH, '=', batch).executeTakeFirst();
  // The delete trigger counted them off.
  await addToCount(db, model.table, Number(numDeletedRows));
  await db
    .deleteFrom(DATA_LOG.table)
    .where(DATA_LOG.tableColumn, '=', model.table)
    .where(DATA_LOG.idColumn, 'in', ids)
    .where(IMPORT_BATCH, '=', batch)
    .execute();
  await applySummaries(
    db,
    model,
    rows.map((before) => ({ before })),
  );
}

/**
 * At start, before any request: the batches a stopped process left pending (a crash, a kill) are deleted with
 * their rows, data log and part in the summaries. A batch of a table no document names any more stays listed,
 * its rows hidden.
 */
export async function dropLeftoverBatches(db: Db, registry: Registry): Promise<number> {
  const left = await db.selectFrom(BATCH_TABLE).select(['id', 'table_name']).execute();
  for (const { id, table_name } of left) {
    const model = registry.byTable(String(table_name));
    if (!model || model.system) {
      markPending(String(id), [String(table_name), DATA_LOG.table]);
      continue;
    }
    for (;;) {
      const rows = await db.selectFrom(model.table).select(readColumns(model)).where(IMPORT_BATCH, '=', id).limit(DROP_CHUNK).execute();
      if (!rows.length) break;
      await db.transaction().execute((trx) => deleteRows(trx, model, String(id), rows));
    }
    await db.deleteFrom(BATCH_TABLE).where('id', '=', id).execute();
    // This process's own batch whose drop failed earlier (the tests start servers again in one process).
    forgetPending(String(id), [model.table, DATA_LOG.table]);
  }
  return left.length;
}
