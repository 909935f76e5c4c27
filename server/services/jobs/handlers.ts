import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { nextTurn } from '../../lib/turn.ts';
import { removeUnusedTempFiles } from '../files.ts';

/*
 * The handlers a scheduled job may name. A job stores only a key of this map: nothing from a request
 * ever picks a class, a script or a path to run.
 */

export interface JobRun {
  ctx: AppContext;
  /** The job's parameter text as stored (may be empty). */
  parameter: string;
}

export type JobHandler = (run: JobRun) => Promise<string>;

/** Uploads of the 'temp' area older than the parameter's days (default 1) that no record uses are removed. */
async function cleanTempUploads({ ctx, parameter }: JobRun): Promise<string> {
  const days = Number(parameter) > 0 ? Number(parameter) : 1;
  return `已清理${await removeUnusedTempFiles(ctx, days)}个临时文件`;
}

async function refreshDictCache({ ctx }: JobRun): Promise<string> {
  ctx.dictionaries.refresh();
  return '刷新缓存完成！';
}

/**
 * VACUUM (ANALYZE) of every document's table, one at a time with the event loop turning in between. PGlite has
 * no autovacuum: without this an embedded install never gets the visibility map that index-only scans (deep
 * list pages) need, nor fresh planner statistics (filtered list totals are estimated from them). On PostgreSQL
 * autovacuum does the same; the job is harmless there. The names come from the documents in force, never a request.
 */
async function vacuumAnalyze({ ctx }: JobRun): Promise<string> {
  const names = [...new Set(ctx.runtime.registry.all().map((m) => m.table))];
  // Tables only: a document may read a view (通讯录), which has nothing to vacuum.
  const { rows } = await sql<{ relname: string }>`
    select relname from pg_class where relkind = 'r' and relname in (${sql.join(names)}) order by relname`.execute(ctx.db);
  const tables = rows.map((r) => r.relname).filter((t) => names.includes(t));
  for (const table of tables) {
    await sql`vacuum (analyze) ${sql.table(table)}`.execute(ctx.db);
    await nextTurn();
  }
  return `已整理${tables.length}张数据表`;
}

async function sampleLog({ parameter }: JobRun): Promise<string> {
  return `示例任务执行完成${parameter ? `：${parameter.slice(0, 100)}` : ''}`;
}

export const JOB_HANDLERS: Record<string, JobHandler> = { cleanTempUploads, refreshDictCache, vacuumAnalyze, sampleLog };

export const isJobHandler = (name: unknown): boolean => typeof name === 'string' && Object.hasOwn(JOB_HANDLERS, name);
