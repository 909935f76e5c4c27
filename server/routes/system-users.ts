import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { hashPassword, isStrongPassword, PASSWORD_RULE_MESSAGE } from '../auth/password.ts';
import { type Session, sessionOf } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { ADMIN_ROLE } from '../db/seed.ts';
import { wouldLeaveNoAdmin } from '../hooks/admin-accounts.ts';
import { badRequest, forbidden, ok } from '../http/envelope.ts';
import { nowText } from '../lib/time.ts';
import type { EntityModel } from '../engine/schema/model.ts';
import { planList } from '../engine/read/query.ts';
import { registerOperation } from '../engine/write/operations.ts';
import { checkId, readInput } from '../engine/write/record-input.ts';
import { tenantsOf } from '../services/users.ts';
import { demandDepartRolesGrantable, demandRolesGrantable, diffIds } from '../services/grant-guard.ts';
import { checkRelations, type Relations, relationsOf, saveRelations, takeRelations } from '../services/user-relations.ts';

/*
 * Users (schemas/system/user.json over sys_user). The screen is the schema; these routes add what a user
 * record needs beyond generic CRUD, at the document's own paths (/system/user/…, which the router
 * prefers over the generic /:area/:entity/…) and at JeecgBoot's (/sys/user/…): the password, hashed and
 * never read back; roles, departments, positions and tenants; freezing; and the refusals that keep the
 * system usable (the last admin, granting yourself roles). Deleting is generic: its refusals (yourself, the
 * last admin) are the writer hooks of server/hooks/system-user.ts.
 */

const CODE = 'system/user';
export const FROZEN = 2;
const ACTIVE = 1;
/** Who may give themselves roles: whoever may edit roles anyway. */
const GRANT_SELF_PERMISSION = 'system:role:edit';

type Req = FastifyRequest<{ Querystring: Record<string, unknown>; Body: unknown }>;

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('请求数据格式不正确');
  return { ...(body as Record<string, unknown>) };
}

const idsOf = (raw: unknown): string[] => {
  const ids = [...new Set(String(raw ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
  if (!ids.length) throw badRequest('请选择用户');
  if (ids.length > 1000) throw badRequest('一次最多操作1000个用户');
  return ids.map(checkId);
};

/** Refuses taking the last active admin out of service (freeze, losing the admin role). */
async function keepLastAdmin(db: Kysely<any>, userIds: string[], message: string): Promise<void> {
  if (await wouldLeaveNoAdmin(db, userIds)) throw badRequest(message);
}

/** Freeze (2) or unfreeze (1): a frozen user's tokens are refused from their next request on. */
async function setFrozen(ctx: AppContext, session: Session, ids: string[], status: number): Promise<string> {
  const any = ctx.db as Kysely<any>;
  if (status !== FROZEN && status !== ACTIVE) throw badRequest('状态值不正确');
  if (status === FROZEN) {
    if (ids.includes(session.user.id)) throw badRequest('不能冻结当前登录用户');
    await keepLastAdmin(any, ids, '不能冻结最后一个管理员');
  }
  await ctx.runtime.access.demandInScope(session, ctx.runtime.registry.get(CODE), ids);
  await any.updateTable('sys_user').set({ status, update_by: session.user.username, update_time: nowText() }).where('id', 'in', ids).execute();
  return status === FROZEN ? '冻结成功!' : '解冻成功!';
}

// The list's row buttons 冻结 / 解冻 (list.operations of schemas/system/user.json, permissions system:user:freeze / :unfreeze).
registerOperation(CODE, 'freeze', async ({ ctx, session, id }) => ({ message: await setFrozen(ctx, session, [id], FROZEN) }));
registerOperation(CODE, 'unfreeze', async ({ ctx, session, id }) => ({ message: await setFrozen(ctx, session, [id], ACTIVE) }));

export function systemUserRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, runtime, permissions } = ctx;
  const model = (): EntityModel => runtime.registry.get(CODE);
  const any = db as Kysely<any>;

  /** A user may not add roles to themselves unless they may edit roles anyway. */
  async function checkSelfGrant(session: Session, userId: string, relations: Relations): Promise<void> {
    if (userId !== session.user.id || !relations.roles) return;
    const held = (await any.selectFrom('sys_user_role').select('role_id').where('user_id', '=', userId).execute()).map((r) => r.role_id as string);
    const added = relations.roles.filter((r) => !held.includes(r));
    if (added.length && !(await permissions.allows(session.user.id, GRANT_SELF_PERMISSION))) throw forbidden('没有权限给自己授予角色');
  }

  /** Roles and department roles a save gives or takes: the assignment button, and nothing beyond the actor's own grants. */
  async function checkAssignment(session: Session, userId: string | undefined, relations: Relations): Promise<void> {
    const stored = async (table: string, column: string) =>
      userId ? (await any.selectFrom(table).select(`${column} as id`).where('user_id', '=', userId).execute()).map((r) => String(r.id)) : [];
    const roles = diffIds(await stored('sys_user_role', 'role_id'), relations.roles);
    await demandRolesGrantable(any, permissions, session.user.id, roles.added, roles.removed);
    const departRoles = diffIds(await stored('sys_depart_role_user', 'drole_id'), relations.departRoles);
    await demandDepartRolesGrantable(any, permissions, session.user.id, departRoles.added, departRoles.removed);
  }

  async function checkRoleRemoval(userId: string, relations: Relations): Promise<void> {
    if (!relations.roles) return;
    const admin = await any.selectFrom('sys_role').select('id').where('role_code', '=', ADMIN_ROLE).executeTakeFirst();
    if (admin && !relations.roles.includes(admin.id)) await keepLastAdmin(any, [userId], '不能移除最后一个管理员的管理员角色');
  }

  async function passwordOf(body: Record<string, unknown>, required: boolean): Promise<string | undefined> {
    const password = body.password;
    const confirm = body.confirmpassword ?? body.confirmPassword;
    delete body.password;
    delete body.confirmpassword;
    delete body.confirmPassword;
    if (password === undefined || password === null || password === '') {
      if (required) throw badRequest('请输入密码!');
      return undefined;
    }
    if (typeof password !== 'string' || !isStrongPassword(password)) throw badRequest(PASSWORD_RULE_MESSAGE);
    if (confirm !== undefined && confirm !== password) throw badRequest('两次输入的密码不一样！');
    return hashPassword(password);
  }

  /** 当前部门 is stored as a department code; the list and the record show its name beside it. */
  async function withDepartNames<R extends Record<string, unknown>>(rows: R[]): Promise<R[]> {
    const codes = [...new Set(rows.map((r) => r.org_code).filter((c): c is string => typeof c === 'string' && c !== ''))];
    const found = codes.length ? await db.selectFrom('sys_depart').select(['org_code', 'depart_name']).where('org_code', 'in', codes).execute() : [];
    const names = new Map(found.map((d) => [d.org_code, d.depart_name]));
    return rows.map((r) => ({ ...r, org_code_dictText: typeof r.org_code === 'string' ? (names.get(r.org_code) ?? r.org_code) : '' }));
  }

  const list = async (request: Req) => {
    const session = sessionOf(request);
    await runtime.access.demandView(session, model());
    const page = await (await runtime.reader(session)).page(model(), planList(model(), request.query));
    return ok({ ...page, records: await withDepartNames(page.records) });
  };

  const queryById = async (request: Req) => {
    const session = sessionOf(request);
    await runtime.access.demandView(session, model());
    const [record] = await withDepartNames([await (await runtime.reader(session)).byId(model(), checkId(request.query.id))]);
    return ok({ ...record, ...(await relationsOf(any, String(record.id))) });
  };

  const add = async (request: Req) => {
    const session = sessionOf(request);
    await runtime.access.demand(session, model(), 'add');
    const body = bodyOf(request);
    const relations = takeRelations(body);
    const hash = await passwordOf(body, true);
    const input = readInput(model(), body);
    await checkRelations(any, relations);
    await checkAssignment(session, undefined, relations);
    // Unless the form chose tenants, a new user joins the adder's tenant (or all of the adder's tenants).
    // Read before the transaction: the embedded database has one connection, which the transaction holds.
    relations.tenants ??= session.tenantId ? [session.tenantId] : await tenantsOf(db, session.user.id);
    const record = await runtime.write(session, model(), async (w) => {
      const added = await w.add(model(), { ...input, id: undefined });
      const id = String(added.id);
      await w.ctx.db.updateTable('sys_user').set({ password: hash }).where('id', '=', id).execute();
      await saveRelations(w.ctx.db, id, relations);
      return added;
    });
    return ok({ id: record.id }, '添加成功！');
  };

  const edit = async (request: Req) => {
    const session = sessionOf(request);
    await runtime.access.demand(session, model(), 'edit');
    const body = bodyOf(request);
    const relations = takeRelations(body);
    // Passwords change through changePassword (and the user's own updatePassword), never on edit.
    await passwordOf(body, false);
    const input = readInput(model(), body);
    if (!input.id) throw badRequest('ID不能为空');
    const id = input.id;
    await runtime.access.demandInScope(session, model(), [id]);
    await checkRelations(any, relations);
    await checkSelfGrant(session, id, relations);
    await checkAssignment(session, id, relations);
    await checkRoleRemoval(id, relations);
    await runtime.write(session, model(), async (w) => {
      await w.edit(model(), input);
      await saveRelations(w.ctx.db, id, relations);
    });
    return ok({ id }, '编辑成功!');
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
    const hash = await passwordOf(body, true);
    await any.updateTable('sys_user').set({ password: hash, update_by: session.user.username, update_time: nowText() }).where('id', '=', user.id).execute();
    return ok(null, '密码修改成功!');
  };

  const queryUserRole = async (request: Req) => {
    const session = sessionOf(request);
    await runtime.access.demandView(session, model());
    const userId = checkId(request.query.userid);
    await runtime.access.demandInScope(session, model(), [userId]);
    return ok((await relationsOf(any, userId)).selectedroles);
  };

  for (const base of ['/system/user', '/sys/user']) {
    app.get(`${base}/list`, list);
    app.get(`${base}/queryById`, queryById);
    app.post(`${base}/add`, add);
    app.put(`${base}/edit`, edit);
    app.post(`${base}/edit`, edit);
    app.put(`${base}/frozenBatch`, frozenBatch);
    app.get(`${base}/checkOnlyUser`, checkOnlyUser);
    app.put(`${base}/changePassword`, changePassword);
    app.get(`${base}/queryUserRole`, queryUserRole);
  }
}
