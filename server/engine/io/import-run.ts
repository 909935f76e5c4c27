import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { ApiError, badRequest } from '../../http/envelope.ts';

/*
 * An import's progress in sys_import_run, so that the browser may ask any server process how far it is and
 * cancel it. The key is chosen by the browser (it must know it while its upload is still being answered);
 * a run belongs to the user who started it, and only that user reads or cancels it.
 */

const KEY = /^[A-Za-z0-9_-]{8,64}$/;

export type ImportPhase = 'check' | 'write' | 'done' | 'failed' | 'cancelled';

export interface ImportProgress {
  phase: ImportPhase;
  done: number;
  total: number;
}

export const CANCELLED = '导入已取消';

export class ImportRun {
  private constructor(
    private readonly db: Kysely<DB>,
    private readonly key: string | undefined,
  ) {}

  /** Starts tracking (nothing is kept without a key: an API client that does not poll pays nothing). */
  static async start(db: Kysely<DB>, key: unknown, userId: string, table: string, total: number): Promise<ImportRun> {
    if (key === undefined || key === '') return new ImportRun(db, undefined);
    if (typeof key !== 'string' || !KEY.test(key)) throw badRequest('导入标识格式不正确');
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
    if (!taken) throw badRequest('导入标识已被使用');
    return new ImportRun(db, key);
  }

  /** Records how far the phase is; throws 导入已取消 when the user cancelled meanwhile. */
  async step(phase: ImportPhase, done: number): Promise<void> {
    if (!this.key) return;
    const row = await this.db.updateTable('sys_import_run').set({ phase, done }).where('id', '=', this.key).returning('cancelled').executeTakeFirst();
    if (row?.cancelled) throw new ApiError(400, CANCELLED);
  }

  async end(outcome: unknown): Promise<void> {
    if (!this.key) return;
    const phase: ImportPhase = outcome === undefined ? 'done' : outcome instanceof ApiError && outcome.message === CANCELLED ? 'cancelled' : 'failed';
    await this.db.updateTable('sys_import_run').set({ phase }).where('id', '=', this.key).execute();
  }
}

/** The user's own run, or undefined. */
export async function progressOf(db: Kysely<DB>, key: string, userId: string): Promise<ImportProgress | undefined> {
  return db.selectFrom('sys_import_run').select(['phase', 'done', 'total']).where('id', '=', key).where('user_id', '=', userId).executeTakeFirst() as Promise<
    ImportProgress | undefined
  >;
}

/** Asks the user's run to stop (honoured between chunks of its checking phase); false when there is none to stop. */
export async function cancelRun(db: Kysely<DB>, key: string, userId: string): Promise<boolean> {
  const row = await db
    .updateTable('sys_import_run')
    .set({ cancelled: true })
    .where('id', '=', key)
    .where('user_id', '=', userId)
    .where('phase', '=', 'check')
    .returning('id')
    .executeTakeFirst();
  return !!row;
}
