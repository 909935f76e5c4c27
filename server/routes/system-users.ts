import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { type Session, sessionOf } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { passwordHash } from '../hooks/system-user.ts';
import { badRequest, ok } from '../http/envelope.ts';
import { storePassword } from '../services/users.ts';
import type { EntityModel } from '../engine/schema/model.ts';
import { planList } from '../engine/read/query.ts';
import { pageOut, recordOut } from '../engine/wire.ts';
import { registerOperation } from '../engine/write/operations.ts';
import { checkId } from '../engine/write/record-input.ts';
import { relationsOf } from '../services/user-relations.ts';

/*
 * Users (schemas/system/user.json over sys_user). Adding, editing and deleting are generic: the password,
 * roles, departments, positions, tenants and the refusals that keep the system usable are the writer hooks
 * of server/hooks/system-user.ts. These routes read a user with department names and relations, freeze
 * and unfreeze, reset a password and check a username, at /system/user/… and JeecgBoot's /sys/user/….
 */

const CODE = 'system/user';
export const FROZEN = 2;
const ACTIVE = 1;

type Req = FastifyRequest<{ Querystring: Record<string, unknown>; Body: unknown }>;

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('请求数据格式不正确');
  return { ...(body as Record<string, unknown>) };
}

const idsOf = (raw: unknown): string[] => {
  const ids = [
    ...new Set(
      String(raw ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (!ids.length) throw badRequest('请选择用户');
  if (ids.length > 1000) throw badRequest('一次最多操作1000个用户');
  return ids.map(checkId);
};

/** Freeze (2) or unfreeze (1): a frozen user's tokens are refused from their next request on. */
async function setFrozen(ctx: AppContext, session: Session, ids: string[], status: number): Promise<string> {
  if (status !== FROZEN && status !== ACTIVE) throw badRequest('状态值不正确');
  const model = ctx.runtime.registry.get(CODE);
  await ctx.runtime.access.demandInScope(session, model, ids);
  // An edit of 状态 through the writer: the user's hooks refuse freezing yourself or the last admin.
  await ctx.runtime.write(session, model, async (w) => {
    for (const id of ids) await w.edit(model, { id, values: { status }, batches: new Map() });
  });
  return status === FROZEN ? '冻结成功!' : '解冻成功!';
}

// The list's row buttons 冻结 / 解冻 (list.operations of schemas/system/user.json, permissions system:user:freeze / :unfreeze).
registerOperation(CODE, 'freeze', async ({ ctx, session, id }) => ({ message: await setFrozen(ctx, session, [id], FROZEN) }));
registerOperation(CODE, 'unfreeze', async ({ ctx, session, id }) => ({ message: await setFrozen(ctx, session, [id], ACTIVE) }));

export function systemUserRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, runtime } = ctx;
  const model = (): EntityModel => runtime.registry.get(CODE);
  const any = db as Kysely<any>;

  const list = async (request: Req) => {
    const session = sessionOf(request);
    await runtime.access.demandView(session, model());
    const plan = planList(model(), request.query);
    await runtime.access.demandPlan(session, model(), plan);
    const page = await (await runtime.reader(session)).page(model(), plan);
    // 当前部门 reads as the department's name (orgCode's labelFrom), in the list, the record and the export alike.
    return ok(pageOut(runtime.registry, model(), page));
  };

  const queryById = async (request: Req) => {
    const session = sessionOf(request);
    await runtime.access.demandView(session, model());
    const record = await (await runtime.reader(session)).byId(model(), checkId(request.query.id));
    // The relations are the form's virtual fields (selected_positions …), answered by property like the rest.
    return ok(recordOut(runtime.registry, model(), { ...record, ...(await relationsOf(any, String(record.id))) }));
  };

  const frozenBatch = async (request: Req) => {
    const session = sessionOf(request);
    await runtime.access.demand(session, model(), 'edit');
    const body = bodyOf(request);
    const message = await setFrozen(ctx, session, idsOf(body.ids), Number(body.status));
    return ok(null, message);
  };

  /** Whether a username is free (the form's duplicate check); `id` is the user being edited. */
  const checkOnlyUser = async (request: Req) => {
    const username = String(request.query.username ?? '').trim();
    if (!username) throw badRequest('用户账号不能为空');
    let query = any.selectFrom('sys_user').select('id').where('username', '=', username);
    if (request.query.id) query = query.where('id', '<>', checkId(request.query.id));
    const taken = await query.executeTakeFirst();
    return taken ? { ...ok(false, '用户账号已存在'), success: false } : ok(true, '该值可用！');
  };

  /** An administrator sets another user's password (重置密码). */
  const changePassword = async (request: Req) => {
    const session = sessionOf(request);
    await runtime.access.demand(session, model(), 'edit');
    const body = bodyOf(request);
    const username = typeof body.username === 'string' ? body.username : '';
    const user = await any.selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirst();
    if (!user) throw badRequest('用户不存在');
    await runtime.access.demandInScope(session, model(), [user.id]);
    const hash = await passwordHash({ password: body.password, confirmpassword: body.confirmpassword ?? body.confirmPassword }, true);
    // The user's sessions end (all of them; the administrator's own, when resetting their own password, goes on).
    await storePassword(ctx.db, user.id, hash!, session.user.username, user.id === session.user.id ? session.jti : null);
    return ok(null, '密码修改成功!');
  };

  const queryUserRole = async (request: Req) => {
    const session = sessionOf(request);
    await runtime.access.demandView(session, model());
    const userId = checkId(request.query.userid);
    await runtime.access.demandInScope(session, model(), [userId]);
    return ok((await relationsOf(any, userId)).selectedroles);
  };

  // One route per call: JeecgBoot's /sys/user/… reaches these through server/http/jeecg-paths.ts.
  const base = '/system/user';
  app.get(`${base}/list`, list);
  // The vue3 client's user list across tenants it may see (the same scoped list).
  app.get(`${base}/listAll`, list);
  app.get(`${base}/queryById`, queryById);
  app.put(`${base}/frozenBatch`, frozenBatch);
  app.get(`${base}/checkOnlyUser`, checkOnlyUser);
  app.put(`${base}/changePassword`, changePassword);
  app.get(`${base}/queryUserRole`, queryUserRole);
}
