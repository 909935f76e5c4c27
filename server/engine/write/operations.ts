import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Session } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import { notFound, ok } from '../../http/envelope.ts';
import type { EntityModel } from '../schema/model.ts';
import { type Publication, publishDefinition } from '../schema/menus.ts';
import { bodyIn } from '../wire.ts';
import { checkId } from './record-input.ts';

/*
 * Row operations: a document declares `list.operations` (key, label, confirm, when) and the server holds
 * the code behind each one in this registry, keyed by document code and key. A call
 * POST /{area}/{entity}/operation/{key}?id= runs only if the document declares the key, code is
 * registered for it, and the user holds the button permission {prefix}:{key} (made by the menu sync).
 */

export interface OperationCall {
  ctx: AppContext;
  session: Session;
  model: EntityModel;
  id: string;
  /** The values of the operation's declared form (list.operations[].form), as sent: the operation checks them. */
  input: Record<string, unknown>;
}

export type Operation = (call: OperationCall) => Promise<{ message: string; result?: unknown }>;

const registry = new Map<string, Operation>();

export function registerOperation(code: string, key: string, operation: Operation): void {
  registry.set(`${code}#${key}`, operation);
}

export const operationOf = (model: EntityModel, key: string): Operation | undefined =>
  model.doc.list?.operations?.some((o) => o.key === key) ? registry.get(`${model.code}#${key}`) : undefined;

type Req = FastifyRequest<{ Params: { area: string; entity: string; key: string }; Querystring: Record<string, unknown> }>;

/**
 * JeecgBoot's clients call some row operations by their own paths (定时任务's 启动/停止/执行一次 as
 * GET /sys/quartzJob/resume|pause|execute?id=): each runs the document's operation under the same checks.
 */
const CLIENT_CALLS: { path: string; code: string; key: string }[] = [
  { path: '/system/job/resume', code: 'system/job', key: 'start' },
  { path: '/system/job/pause', code: 'system/job', key: 'pause' },
  { path: '/system/job/execute', code: 'system/job', key: 'execute' },
];

export function operationRoutes(app: FastifyInstance, ctx: AppContext) {
  async function run(request: FastifyRequest<{ Querystring: Record<string, unknown> }>, model: EntityModel | undefined, key: string) {
    const operation = model && /^[a-z][a-zA-Z0-9]{0,40}$/.test(key) ? operationOf(model, key) : undefined;
    if (!model || !operation) throw notFound('很抱歉，资源未找到!');
    request.session = await ctx.sessions.resolve(request);
    await ctx.permissions.demand(request.session.user.id, `${model.prefix}:${key}`);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const id = checkId(request.query.id ?? request.query.jobId ?? body.id);
    // Only rows the user can see (tenant, data rules): any other id answers as not found.
    await ctx.runtime.access.demandInScope(request.session, model, [id]);
    const { id: _id, ...given } = body;
    // An operation's form sends the row's fields by property (templateTestJson); operations read columns.
    const { message, result } = await operation({ ctx, session: request.session, model, id, input: bodyIn(model, given) });
    return ok(result ?? null, message);
  }

  app.post('/:area/:entity/operation/:key', { config: { public: true } }, async (request: Req) => {
    const { area, entity, key } = request.params;
    const model = /^[a-z][a-z0-9_]{0,62}$/.test(area) && /^[a-zA-Z][a-zA-Z0-9_]{0,62}$/.test(entity) ? ctx.runtime.find(area, entity) : undefined;
    return run(request, model, key);
  });
  for (const call of CLIENT_CALLS) {
    app.get(call.path, { config: { public: true } }, (request: FastifyRequest<{ Querystring: Record<string, unknown> }>) =>
      run(request, ctx.runtime.registry.find(call.code), call.key),
    );
  }
}

/** 发布 of an online definition (a report, a chart): its menu entry written in one transaction, its address in the message. */
export function registerPublishOperation(code: string, kind: Publication): void {
  registerOperation(code, 'publish', async ({ ctx, session, id }) => {
    const published = await ctx.db.transaction().execute((trx) => publishDefinition(trx, kind, id, session.user.username));
    return { message: `发布成功，菜单地址: ${published.url}`, result: published };
  });
}
