import type { AppContext } from '../../context.ts';
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

async function sampleLog({ parameter }: JobRun): Promise<string> {
  return `示例任务执行完成${parameter ? `：${parameter.slice(0, 100)}` : ''}`;
}

export const JOB_HANDLERS: Record<string, JobHandler> = { cleanTempUploads, refreshDictCache, sampleLog };

export const isJobHandler = (name: unknown): boolean => typeof name === 'string' && Object.hasOwn(JOB_HANDLERS, name);
