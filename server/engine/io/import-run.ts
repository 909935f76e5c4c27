import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { ApiError, badRequest } from '../../http/envelope.ts';
import { IMPORT_CANCELLED, type ImportPhase, type ImportProgress } from '../../../src/core/api-types.ts';

/*
 * An import's progress in sys_import_run, so that the browser may ask any server process how far it is and
 * cancel it. The key is chosen by the browser (it must know it while its upload is still being answered);
 * a run belongs to the user who started it, and only that user reads or cancels it.
 */

const KEY = /^[A-Za-z0-9_-]{8,64}$/;

/** A run key as the browser sent it, or the refusal. */
export function checkedKey(value: unknown): string {
  if (value === undefined || value === null || value === '') throw badRequest('导入标识不能为空');
  if (typeof value !== 'string' || !KEY.test(value)) throw badRequest('导入标识格式不正确');
  return value;
}

export class ImportRun {
  private constructor(
    private readonly db: Kysely<DB>,
    private readonly key: string | undefined,
  ) {}

  /** Starts tracking (nothing is kept without a key: an API client that does not poll pays nothing). */
  static async start(db: Kysely<DB>, given: unknown, userId: string, table: string, total: number): Promise<ImportRun> {
    if (given === undefined || given === '') return new ImportRun(db, undefined);
    const key = checkedKey(given);
    await db
      .deleteFrom('sys_import_run')
      .where('created_at', '<', sql<string>`now() - interval '1 day'`)
      .execute();
    const taken = await db
      .insertInto('sys_import_run')
      .values({ id: key, user_id: userId, table_name: table, phase: 'check', total })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (taken) return new ImportRun(db, key);
    // Cancelled by its user while the file was still being sent (cancelRun left the key taken and cancelled).
    const held = await db.selectFrom('sys_import_run').select(['user_id', 'cancelled']).where('id', '=', key).executeTakeFirst();
    if (held?.user_id === userId && held.cancelled) throw new ApiError(400, IMPORT_CANCELLED);
    throw badRequest('导入标识已被使用');
  }

  /** Records how far the phase is; throws 导入已取消 when the user cancelled meanwhile. */
  async step(phase: ImportPhase, done: number): Promise<void> {
    if (!this.key) return;
    const row = await this.db.updateTable('sys_import_run').set({ phase, done }).where('id', '=', this.key).returning('cancelled').executeTakeFirst();
    if (row?.cancelled) throw new ApiError(400, IMPORT_CANCELLED);
  }

  async end(outcome: unknown): Promise<void> {
    if (!this.key) return;
    const phase: ImportPhase = outcome === undefined ? 'done' : outcome instanceof ApiError && outcome.message === IMPORT_CANCELLED ? 'cancelled' : 'failed';
    await this.db.updateTable('sys_import_run').set({ phase }).where('id', '=', this.key).execute();
  }
}

/** The user's own run, or undefined. */
export async function progressOf(db: Kysely<DB>, key: string, userId: string): Promise<ImportProgress | undefined> {
  return db.selectFrom('sys_import_run').select(['phase', 'done', 'total']).where('id', '=', key).where('user_id', '=', userId).executeTakeFirst() as Promise<
    ImportProgress | undefined
  >;
}

/**
 * Asks the user's run to stop: honoured between chunks of its checking phase, or at its start when the file is
 * still on its way (the key is then kept as cancelled). False when the run has gone past checking, or the key
 * is someone else's.
 */
export async function cancelRun(db: Kysely<DB>, key: string, userId: string): Promise<boolean> {
  const running = await db
    .updateTable('sys_import_run')
    .set({ cancelled: true })
    .where('id', '=', key)
    .where('user_id', '=', userId)
    .where('phase', '=', 'check')
    .returning('id')
    .executeTakeFirst();
  if (running) return true;
  const early = await db
    .insertInto('sys_import_run')
    .values({ id: key, user_id: userId, table_name: '', phase: 'cancelled', total: 0, cancelled: true })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return !!early;
}
