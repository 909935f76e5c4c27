import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionOf } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { ApiError, badRequest, notFound, ok } from '../http/envelope.ts';
import { clusterFigures } from '../monitor/cluster-figures.ts';
import { databaseFigures, diskFigures, runtimeFigures, systemFigures } from '../monitor/figures.ts';
import { RedisInfo } from '../monitor/redis-info.ts';

/*
 * 监控中心 (issue 19): this process's runtime, the system, disks, the database and the last requests; the
 * slow statements and cache hit rates of this process (and Redis's INFO when REDIS_URL names one); the
 * figures of every process sharing the database. Each behind the button permission monitor:view. The
 * Prometheus text is for a scraper holding METRICS_TOKEN (closed when none is configured).
 */

export const MONITOR_PERMISSION = 'monitor:view';
const TRACE_FILTERS = new Set(['method', 'status', 'path', 'user', '_t']);

export function monitorRoutes(app: FastifyInstance, ctx: AppContext) {
  const demand = (request: FastifyRequest) => ctx.permissions.demand(sessionOf(request).user.id, MONITOR_PERMISSION);

  app.get('/monitor/runtime', async (request) => {
    await demand(request);
    return ok(runtimeFigures(ctx.metrics));
  });
  app.get('/monitor/system', async (request) => {
    await demand(request);
    return ok(await systemFigures());
  });
  app.get('/monitor/disk', async (request) => {
    await demand(request);
    return ok(await diskFigures(ctx.config.dataDir));
  });
  app.get('/monitor/database', async (request) => {
    await demand(request);
    return ok(await databaseFigures(ctx.db, ctx.dbKind));
  });
  app.get<{ Querystring: Record<string, string> }>('/monitor/httptrace', async (request) => {
    await demand(request);
    const q = request.query ?? {};
    const unknown = Object.keys(q).filter((k) => !TRACE_FILTERS.has(k));
    if (unknown.length) throw badRequest(`未知的筛选字段：${unknown.join('、')}（可用：method、status、path、user）`);
    const entries = ctx.metrics.trace.filter(
      (e) =>
        (!q.method || e.method === q.method.toUpperCase()) &&
        (!q.status || String(e.status) === q.status) &&
        (!q.path || e.path.includes(q.path)) &&
        (!q.user || e.user === q.user),
    );
    return ok(entries.slice().reverse());
  });

  app.get('/monitor/statements', async (request) => {
    await demand(request);
    return ok({ thresholdMs: ctx.statements.thresholdMs, statements: ctx.statements.list() });
  });

  const redis = ctx.config.redisUrl ? new RedisInfo(ctx.config.redisUrl) : undefined;
  app.addHook('onClose', async () => redis?.close());
  app.get('/monitor/caches', async (request) => {
    await demand(request);
    return ok({ caches: ctx.caches.figures(), redis: redis ? await redis.figures() : null });
  });

  app.get('/monitor/server', async (request) => {
    await demand(request);
    const { heartbeat } = ctx;
    const [figures, rows] = await Promise.all([ctx.metrics.figures(), heartbeat.rows()]);
    return ok(
      clusterFigures({ id: heartbeat.id, host: heartbeat.host, pid: process.pid, startedAt: heartbeat.startedAt, figures }, rows, heartbeat.intervalSeconds),
    );
  });

  app.get('/monitor/metrics', { config: { public: true } }, async (request, reply) => {
    const token = ctx.config.metricsToken;
    if (!token) throw notFound('很抱歉，资源未找到!');
    if (request.headers.authorization !== `Bearer ${token}`) throw new ApiError(401, '需要有效的监控抓取凭证');
    return reply.type(ctx.metrics.registry.contentType).send(await ctx.metrics.registry.metrics());
  });
}
