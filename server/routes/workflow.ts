import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionOf } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { badRequest, notFound, ok } from '../http/envelope.ts';
import { RUNNER } from '../services/jobs/scheduler.ts';
import { WorkflowActions } from '../workflow/actions.ts';
import { WorkflowEngine } from '../workflow/engine.ts';
import { Entrusts } from '../workflow/entrusts.ts';
import { WorkflowProcesses } from '../workflow/processes.ts';
import { WorkflowQueries } from '../workflow/queries.ts';
import { WorkflowTimers } from '../workflow/timers.ts';

/*
 * 流程中心 (issue 18) over HTTP: parse, call, answer. People's screens (我的任务, 我的申请, 抄送, 委托)
 * need a sign-in and show only what the person takes part in; 流程设计 needs workflow:design and
 * 流程监控 workflow:monitor.
 */

export const DESIGN_PERMISSION = 'workflow:design';
export const MONITOR_PERMISSION = 'workflow:monitor';

const workflows = new WeakMap<AppContext, { engine: WorkflowEngine; timers: WorkflowTimers; actions: WorkflowActions }>();
/** The workflow of a running app (tests fire its timers). */
export const workflowOf = (ctx: AppContext) => workflows.get(ctx);

const query = (request: FastifyRequest) => (request.query ?? {}) as Record<string, unknown>;
const body = (request: FastifyRequest) => {
  const b = request.body;
  if (b !== undefined && (typeof b !== 'object' || b === null || Array.isArray(b))) throw badRequest('请求内容格式不正确');
  return (b ?? {}) as Record<string, unknown>;
};

export function workflowRoutes(app: FastifyInstance, ctx: AppContext) {
  const engine = new WorkflowEngine(ctx);
  const actions = new WorkflowActions(engine, (session, usernames, title, html) => ctx.messages.sendToUsers(session, usernames, title, html));
  const queries = new WorkflowQueries(ctx, engine);
  const processes = new WorkflowProcesses(ctx, engine);
  const entrusts = new Entrusts(engine);
  const timers = new WorkflowTimers(engine, RUNNER, ctx.config.workflowTimerMs);
  workflows.set(ctx, { engine, timers, actions });

  app.addHook('onReady', async () => {
    await processes.deployShipped();
    await engine.reconcile();
    timers.start();
  });
  app.addHook('onClose', async () => timers.stop());

  const demand = (request: FastifyRequest, code: string) => ctx.permissions.demand(sessionOf(request).user.id, code);
  const me = (request: FastifyRequest) => sessionOf(request);

  // 流程设计
  app.get('/workflow/process/list', async (request) => {
    await demand(request, DESIGN_PERMISSION);
    return ok(await processes.list());
  });
  app.get('/workflow/process/versions', async (request) => {
    await demand(request, DESIGN_PERMISSION);
    return ok(await processes.versions(query(request).key));
  });
  app.get('/workflow/process/xml', async (request) => {
    await demand(request, DESIGN_PERMISSION);
    return ok(await processes.xml(query(request).id));
  });
  app.get('/workflow/process/entities', async (request) => {
    await demand(request, DESIGN_PERMISSION);
    return ok(processes.entities());
  });
  app.post('/workflow/process/deploy', async (request) => {
    await demand(request, DESIGN_PERMISSION);
    const deployed = await engine.deploy(body(request).xml, me(request).user.username);
    return ok(deployed, `流程【${deployed.name}】已部署为第 ${deployed.version} 版`);
  });

  // 我的任务
  app.get('/workflow/task/list', async (request) => ok(await queries.tasks(me(request), query(request))));
  app.get('/workflow/task/done', async (request) => ok(await queries.done(me(request), query(request))));
  app.get('/workflow/task/count', async (request) => ok(await queries.counts(me(request))));
  app.get('/workflow/task/detail', async (request) => ok(await queries.task(me(request), query(request).id)));
  app.post('/workflow/task/approve', async (request) => {
    await actions.approve(me(request), body(request));
    return ok(null, '已同意');
  });
  app.post('/workflow/task/reject', async (request) => {
    await actions.reject(me(request), body(request));
    return ok(null, '已驳回');
  });
  app.post('/workflow/task/transfer', async (request) => {
    await actions.transfer(me(request), body(request));
    return ok(null, '已转办');
  });
  app.post('/workflow/task/addSigner', async (request) => {
    await actions.addSigner(me(request), body(request));
    return ok(null, '已加签');
  });
  app.post('/workflow/task/claim', async (request) => {
    await actions.claim(me(request), body(request));
    return ok(null, '已签收');
  });

  // 我的申请
  app.get('/workflow/instance/mine', async (request) => ok(await queries.applications(me(request), query(request))));
  app.get('/workflow/instance/detail', async (request) => {
    const monitor = await ctx.permissions.allows(me(request).user.id, MONITOR_PERMISSION);
    return ok(await queries.instance(me(request), query(request).id, monitor));
  });
  app.post('/workflow/instance/withdraw', async (request) => {
    await actions.withdraw(me(request), body(request).id);
    return ok(null, '申请已撤回');
  });
  app.post('/workflow/instance/urge', async (request) => {
    const { notified } = await actions.urge(me(request), body(request).id);
    return ok({ notified }, notified ? `已催办 ${notified} 位办理人` : '当前没有待办理的人');
  });

  // 抄送
  app.get('/workflow/cc/list', async (request) => ok(await queries.carbonCopies(me(request), query(request))));
  app.post('/workflow/cc/read', async (request) => {
    await queries.markRead(me(request), body(request).id);
    return ok(null, '已读');
  });

  // 委托
  app.get('/workflow/entrust/list', async (request) => ok(await entrusts.list(me(request))));
  app.post('/workflow/entrust/add', async (request) => ok(await entrusts.add(me(request), body(request)), '委托已生效'));
  app.post('/workflow/entrust/revoke', async (request) => {
    await entrusts.revoke(me(request), body(request).id);
    return ok(null, '委托已取消');
  });

  // 流程监控
  app.get('/workflow/monitor/list', async (request) => {
    await demand(request, MONITOR_PERMISSION);
    return ok(await queries.monitor(query(request), me(request)));
  });
  app.post('/workflow/monitor/:action', async (request) => {
    await demand(request, MONITOR_PERMISSION);
    const action = (request.params as { action: string }).action;
    if (action === 'reassign') await actions.reassign(me(request), body(request));
    else if (action === 'suspend' || action === 'resume' || action === 'terminate') await actions.manage(me(request), action, body(request));
    else throw notFound('很抱歉，资源未找到!');
    return ok(null, '操作成功');
  });
}
