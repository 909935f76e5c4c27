import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { ApiError, badRequest } from '../../http/envelope.ts';
import { CANCELLABLE_PHASES, CANCELLED, type ExcelKind, type ExcelPhase, type ExcelProgress } from '../../../src/core/api-types.ts';

/*
 * An Excel import's or export's progress in sys_excel_run, so that the browser may ask any server process how
 * far it is and cancel it. The key is chosen by the browser (it must know it while its request is still being
 * answered); a run belongs to the user who started it, and only that user reads or cancels it.
 */

const KEY = /^[A-Za-z0-9_-]{8,64}$/;

/** A run key as the browser sent it, or the refusal. */
export function checkedKey(value: unknown): string {
  if (value === undefined || value === null || value === '') throw badRequest('进度标识不能为空');
  if (typeof value !== 'string' || !KEY.test(value)) throw badRequest('进度标识格式不正确');
  return value;
}

const isCancelled = (error: unknown) => error instanceof ApiError && Object.values(CANCELLED).includes(error.message);

export class ExcelRun {
  private constructor(
    private readonly db: Kysely<DB>,
    private readonly kind: ExcelKind,
    private readonly key: string | undefined,
  ) {}

  /** Starts tracking (nothing is kept without a key: an API client that does not poll pays nothing). */
  static async start(db: Kysely<DB>, kind: ExcelKind, given: unknown, userId: string, table: string, total: number): Promise<ExcelRun> {
    if (given === undefined || given === '') return new ExcelRun(db, kind, undefined);
    const key = checkedKey(given);
    await db
      .deleteFrom('sys_excel_run')
      .where('created_at', '<', sql<string>`now() - interval '1 day'`)
      .execute();
    const taken = await db
      .insertInto('sys_excel_run')
      .values({ id: key, kind, user_id: userId, table_name: table, phase: kind === 'import' ? 'check' : 'read', total })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (taken) return new ExcelRun(db, kind, key);
    // Cancelled by its user before it began (an upload still on its way): cancelRun left the key taken and cancelled.
    const held = await db.selectFrom('sys_excel_run').select(['user_id', 'cancelled']).where('id', '=', key).executeTakeFirst();
    if (held?.user_id === userId && held.cancelled) throw new ApiError(400, CANCELLED[kind]);
    throw badRequest('进度标识已被使用');
  }

  /**
   * Records how far the phase is (and, when given, out of how many rows); throws the cancel refusal when the user
   * cancelled meanwhile. `db`: the transaction the work runs in, if any — on the embedded database a statement
   * sent outside it would wait for it to end, and it for the statement.
   */
  async step(phase: ExcelPhase, done: number, total?: number, db: Kysely<DB> = this.db): Promise<void> {
    if (!this.key) return;
    const row = await db
      .updateTable('sys_excel_run')
      .set({ phase, done, ...(total === undefined ? {} : { total }) })
      .where('id', '=', this.key)
      .returning('cancelled')
      .executeTakeFirst();
    if (row?.cancelled) throw new ApiError(400, CANCELLED[this.kind]);
  }

  /**
   * Ends the run inside the transaction that commits its work (`db`): a cancel that came first rolls the work
   * back; one that comes after finds the run ended, so a cancel answered 已取消 never leaves rows behind.
   */
  async commitIn(db: Kysely<DB>): Promise<void> {
    if (!this.key) return;
    const row = await db.updateTable('sys_excel_run').set({ phase: 'done' }).where('id', '=', this.key).returning('cancelled').executeTakeFirst();
    if (row?.cancelled) throw new ApiError(400, CANCELLED[this.kind]);
  }

  private async end(outcome: unknown): Promise<void> {
    if (!this.key) return;
    const phase: ExcelPhase = outcome === undefined ? 'done' : isCancelled(outcome) ? 'cancelled' : 'failed';
    await this.db.updateTable('sys_excel_run').set({ phase }).where('id', '=', this.key).execute();
  }

  /** Runs `work` as this run: its end is recorded whatever comes of it. */
  async track<T>(work: () => Promise<T>): Promise<T> {
    try {
      const result = await work();
      await this.end(undefined);
      return result;
    } catch (error) {
      await this.end(error);
      throw error;
    }
  }
}

/** The user's own run, or undefined. */
export async function progressOf(db: Kysely<DB>, key: string, userId: string): Promise<ExcelProgress | undefined> {
  return db
    .selectFrom('sys_excel_run')
    .select(['kind', 'phase', 'done', 'total'])
    .where('id', '=', key)
    .where('user_id', '=', userId)
    .executeTakeFirst() as Promise<ExcelProgress | undefined>;
}

/**
 * Asks the user's run to stop: honoured between chunks of its checking and writing (import) or reading (export),
 * at the latest by the commit of its writing (commitIn), or at its start when it has not begun (the key is then
 * kept as cancelled). False when the run has ended, or the key is someone else's.
 */
export async function cancelRun(db: Kysely<DB>, key: string, userId: string): Promise<boolean> {
  const running = await db
    .updateTable('sys_excel_run')
    .set({ cancelled: true })
    .where('id', '=', key)
    .where('user_id', '=', userId)
    .where('phase', 'in', CANCELLABLE_PHASES)
    .returning('id')
    .executeTakeFirst();
  if (running) return true;
  const early = await db
    .insertInto('sys_excel_run')
    .values({ id: key, kind: 'import', user_id: userId, table_name: '', phase: 'cancelled', total: 0, cancelled: true })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return !!early;
}
