import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { badRequest, notFound, ok } from '../http/envelope.ts';
import { cancelRun, checkedKey, progressOf } from '../engine/io/excel-run.ts';

/*
 * An Excel import's progress and its cancelling, asked by the browser while its upload is being answered
 * (by any process: the run lives in the database). A user sees and cancels only their own runs.
 */

export function excelRunRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get('/sys/excel/progress', async (request) => {
    const key = checkedKey((request.query as Record<string, unknown>).key);
    const progress = await progressOf(db, key, sessionOf(request).user.id);
    if (!progress) throw notFound('任务不存在');
    return ok(progress);
  });

  app.post('/sys/excel/cancel', async (request) => {
    const key = checkedKey((request.body as Record<string, unknown> | undefined)?.key);
    if (!(await cancelRun(db, key, sessionOf(request).user.id))) throw badRequest('任务已结束，不能取消');
    return ok(null, '已取消');
  });
}
