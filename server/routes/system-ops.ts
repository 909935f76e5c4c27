import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context.ts';
import { badRequest, ok } from '../http/envelope.ts';
import { newId } from '../lib/ids.ts';
import { nowText } from '../lib/time.ts';
import { parseCheckRules } from '../engine/write/field-checks.ts';
import { type OperationCall, operationRoutes, registerOperation } from '../engine/write/operations.ts';
import { recycleRoutes } from './recycle.ts';
import { configureSecretKey } from '../engine/write/secrets.ts';
import { testDataSource } from '../services/data-sources.ts';
import { JOB_TABLE, JOBS_TOPIC, JobScheduler, PAUSED, RUNNING } from '../services/jobs/scheduler.ts';
import { LOG_OPERATION } from '../services/logs.ts';

/*
 * System operations (issue #6): the scheduled-job timers and their row operations (start, pause, run
 * once), the data source connection test, the rule-code check of spec section 7, the generic recycle-bin
 * and row-operation routes, and the operation log written for every write request.
 */

const OPERATE_TYPE: Record<string, number> = { POST: 2, PUT: 3, DELETE: 4 };
/** Sign-in and sign-out write their own login-log lines (server/services/logs.ts). */
const NOT_OPERATIONS = /\/sys\/(login|logout|guestLogin)$/;

/*
 * Operations are registered once per process, but each call runs against the app that received it
 * (tests start several apps in one process): everything is looked up from the call's context.
 */
const schedulers = new WeakMap<AppContext, JobScheduler>();
/** The job scheduler of a running app (tests read which jobs have live timers). */
export const schedulerOf = (ctx: AppContext) => schedulers.get(ctx);

function scheduler(ctx: AppContext): JobScheduler {
  const found = schedulers.get(ctx);
  if (!found) throw new Error('job scheduler not started');
  return found;
}

/** Moves a job to running or paused through the writer (its checks, the data log), and re-reads the timers. */
async function setJobStatus({ ctx, session, model, id }: OperationCall, status: string): Promise<void> {
  const current = await (await ctx.runtime.reader(session)).byId(model, id);
  if (current.status === status) return;
  await ctx.runtime.write(session, model, (w) => w.edit(model, { id, values: { status }, batches: new Map() }, true));
  await scheduler(ctx).reload();
}

registerOperation('system/job', 'start', async (call) => {
  await setJobStatus(call, RUNNING);
  return { message: '定时任务已启动' };
});
registerOperation('system/job', 'pause', async (call) => {
  await setJobStatus(call, PAUSED);
  return { message: '定时任务已暂停' };
});
registerOperation('system/job', 'execute', async ({ ctx, id }) => {
  const outcome = await scheduler(ctx).run(id);
  if (!outcome.success) throw badRequest(`执行失败：${outcome.message}`);
  return { message: `执行成功：${outcome.message}`, result: outcome };
});
registerOperation('system/data_source', 'testConnection', async ({ ctx, id }) => ({ message: await testDataSource(ctx.db, id) }));

async function checkByCode(ctx: AppContext, request: FastifyRequest<{ Querystring: Record<string, unknown> }>, reply: FastifyReply) {
  const code = typeof request.query.ruleCode === 'string' ? request.query.ruleCode.trim() : '';
  if (!code) throw badRequest('规则编码不能为空');
  const raw = typeof request.query.value === 'string' ? request.query.value : '';
  let value = raw;
  try {
    // The client sends the value URL-encoded once more than the query string needs (spec section 5).
    value = decodeURIComponent(raw);
  } catch {
    value = raw;
  }
  if (value.length > 1000) throw badRequest('校验的值不能超过1000个字符');
  const rule = await (ctx.db as Kysely<any>).selectFrom('check_rule').select(['rule_json']).where('rule_code', '=', code.slice(0, 100)).executeTakeFirst();
  if (!rule) throw badRequest(`校验规则不存在: ${code.slice(0, 64)}`);
  const { items, problem } = parseCheckRules(String(rule.rule_json));
  if (!items) throw badRequest(problem!);
  const failed = items.find((item) => !new RegExp(item.pattern).test(value));
  // Like the duplicate check, a value that fails is an answer, not an error: success false, code 200.
  if (failed) return reply.send({ success: false, message: failed.message, code: 200, result: null, timestamp: Date.now() });
  return ok(null, '校验通过');
}

function operationLog(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onResponse', async (request, reply) => {
    const type = OPERATE_TYPE[request.method];
    const path = request.url.split('?')[0];
    if (!type || NOT_OPERATIONS.test(path) || reply.statusCode === 404) return;
    const user = request.session?.user;
    await (ctx.db as Kysely<any>)
      .insertInto('sys_log')
      .values({
        id: newId(),
        log_type: LOG_OPERATION,
        log_content: `${request.method} ${path.slice(0, 200)}`,
        operate_type: type,
        userid: user?.id ?? null,
        username: user?.username ?? null,
        ip: request.ip,
        method: (request.routeOptions.url ?? '').slice(0, 255) || null,
        request_url: path.slice(0, 255),
        request_type: request.method,
        request_param: null,
        cost_time: Math.round(reply.elapsedTime),
        result_code: reply.statusCode,
        create_time: nowText(),
        tenant_id: request.session?.tenantId ?? 0,
      })
      .execute()
      .catch((error) => request.log.error(error, 'operation log not written'));
  });
}

export function systemOpsRoutes(app: FastifyInstance, ctx: AppContext) {
  configureSecretKey(ctx.config.jwtSecret);
  const scheduler = new JobScheduler(ctx);
  schedulers.set(ctx, scheduler);
  // A committed write to the jobs, on any process, reloads every process's timers.
  ctx.runtime.onWrite((tables) => {
    if (tables.has(JOB_TABLE)) ctx.notices.publish(JOBS_TOPIC).catch((error) => app.log.error(error, 'jobs notice not sent'));
  });
  ctx.notices.on(JOBS_TOPIC, () => {
    scheduler.reload().catch((error) => app.log.error(error, 'job timers not reloaded'));
  });
  app.addHook('onReady', async () => scheduler.reload());
  app.addHook('onClose', async () => scheduler.stop());

  app.get<{ Querystring: Record<string, unknown> }>('/sys/checkRule/checkByCode', (request, reply) => checkByCode(ctx, request, reply));
  operationRoutes(app, ctx);
  recycleRoutes(app, ctx);
  operationLog(app, ctx);
}
