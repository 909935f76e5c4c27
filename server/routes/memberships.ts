import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { type Session, sessionOf } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { badRequest, ok } from '../http/envelope.ts';
import { newId } from '../lib/ids.ts';
import { planList } from '../engine/read/query.ts';
import type { EntityModel } from '../engine/schema/model.ts';
import { checkId } from '../engine/write/record-input.ts';
import { pageOut } from '../engine/wire.ts';
import { ASSIGN_ROLE_PERMISSION, demandRolesGrantable } from '../services/grant-guard.ts';
import { demandDepart } from '../services/depart-permissions.ts';

/*
 * Memberships as JeecgBoot's role and department screens manage them (spec section 7): the users of a role
 * (角色管理 › 用户) and of a department (部门管理 › 部门用户), added and taken away in bulk, and what a user
 * belongs to. Lists are read through the scoped reader (tenant, data rules of 用户管理); changes to role
 * membership follow the grant rules (分配角色, nothing beyond the assigner's own grants); department
 * membership needs 用户管理's edit button, with every user in the assigner's scope.
 */

type Req = FastifyRequest<{ Querystring: Record<string, unknown>; Body: unknown }>;

const MAX_IDS = 1000;

function idList(raw: unknown, label: string): string[] {
  const items = Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? raw.split(',') : [];
  const ids = [...new Set(items.map((s) => s.trim()).filter(Boolean))];
  if (!ids.length) throw badRequest(`请选择${label}`);
  if (ids.length > MAX_IDS) throw badRequest(`一次最多选择${MAX_IDS}个${label}`);
  return ids.map(checkId);
}

const bodyOf = (request: FastifyRequest): Record<string, unknown> => {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('请求数据格式不正确');
  return body as Record<string, unknown>;
};

export function membershipRoutes(app: FastifyInstance, ctx: AppContext) {
  const { runtime, permissions } = ctx;
  const any = ctx.db as Kysely<any>;
  const users = (): EntityModel => runtime.registry.get('system/user');

  async function demandRole(raw: unknown): Promise<string> {
    const id = checkId(raw);
    if (!(await any.selectFrom('sys_role').select('id').where('id', '=', id).executeTakeFirst())) throw badRequest('角色不存在');
    return id;
  }

  /** A page of 用户管理's records restricted to `ids` (the members), with the list's own filters and sort. */
  async function membersPage(session: Session, query: Record<string, unknown>, ids: string[]) {
    await runtime.access.demandView(session, users());
    const rest = Object.fromEntries(Object.entries(query).filter(([k]) => !['roleId', 'depId', 'departId'].includes(k)));
    const plan = { ...planList(users(), rest), selections: ids };
    await runtime.access.demandPlan(session, users(), plan);
    return ok(pageOut(runtime.registry, users(), await (await runtime.reader(session)).page(users(), plan)));
  }

  const holders = async (table: string, column: string, value: string) =>
    (await any.selectFrom(table).select('user_id').where(column, '=', value).execute()).map((r) => String(r.user_id));

  app.get('/sys/user/userRoleList', async (request: Req) => {
    const roleId = await demandRole(request.query.roleId);
    return membersPage(sessionOf(request), request.query, await holders('sys_user_role', 'role_id', roleId));
  });

  app.post('/sys/user/addSysUserRole', async (request: Req) => {
    const session = sessionOf(request);
    const body = bodyOf(request);
    const roleId = await demandRole(body.roleId);
    const ids = idList(body.userIdList, '用户');
    await runtime.access.demandInScope(session, users(), ids);
    await demandRolesGrantable(any, () => permissions.demand(session.user.id, ASSIGN_ROLE_PERMISSION), session.user.id, [roleId]);
    const held = new Set(await holders('sys_user_role', 'role_id', roleId));
    const fresh = ids.filter((id) => !held.has(id));
    await runtime.write(session, users(), async (w) => {
      if (fresh.length)
        await w.ctx.db
          .insertInto('sys_user_role')
          .values(fresh.map((user_id) => ({ id: newId(), user_id, role_id: roleId })))
          .execute();
    });
    return ok(null, '添加成功!');
  });

  const removeFromRole = async (session: Session, roleId: string, ids: string[]) => {
    await runtime.access.demandInScope(session, users(), ids);
    await demandRolesGrantable(any, () => permissions.demand(session.user.id, ASSIGN_ROLE_PERMISSION), session.user.id, [], [roleId]);
    await runtime.write(session, users(), (w) => w.ctx.db.deleteFrom('sys_user_role').where('role_id', '=', roleId).where('user_id', 'in', ids).execute());
  };
  app.delete('/sys/user/deleteUserRole', async (request: Req) => {
    await removeFromRole(sessionOf(request), await demandRole(request.query.roleId), idList(request.query.userId, '用户'));
    return ok(null, '删除成功!');
  });
  app.delete('/sys/user/deleteUserRoleBatch', async (request: Req) => {
    await removeFromRole(sessionOf(request), await demandRole(request.query.roleId), idList(request.query.userIds, '用户'));
    return ok(null, '删除成功!');
  });

  app.get('/sys/user/departUserList', async (request: Req) => {
    const departId = await demandDepart(any, request.query.depId ?? request.query.departId);
    return membersPage(sessionOf(request), request.query, await holders('sys_user_depart', 'dep_id', departId));
  });

  /** Department membership is part of a user's record: 用户管理's edit button, users in scope. */
  async function demandDepartEdit(session: Session, ids: string[]) {
    await runtime.access.demand(session, users(), 'edit');
    await runtime.access.demandInScope(session, users(), ids);
  }

  app.post('/sys/user/editSysDepartWithUser', async (request: Req) => {
    const session = sessionOf(request);
    const body = bodyOf(request);
    const departId = await demandDepart(any, body.depId ?? body.departId);
    const ids = idList(body.userIdList, '用户');
    await demandDepartEdit(session, ids);
    const held = new Set(await holders('sys_user_depart', 'dep_id', departId));
    const fresh = ids.filter((id) => !held.has(id));
    await runtime.write(session, users(), async (w) => {
      if (fresh.length)
        await w.ctx.db
          .insertInto('sys_user_depart')
          .values(fresh.map((user_id) => ({ id: newId(), user_id, dep_id: departId })))
          .execute();
    });
    return ok(null, '添加成功!');
  });

  const removeFromDepart = async (session: Session, departId: string, ids: string[]) => {
    await demandDepartEdit(session, ids);
    await runtime.write(session, users(), async (w) => {
      await w.ctx.db.deleteFrom('sys_user_depart').where('dep_id', '=', departId).where('user_id', 'in', ids).execute();
      // Department roles of that department go with the membership (they grant nothing outside it anyway).
      const roles = w.ctx.db.selectFrom('sys_depart_role').select('id').where('depart_id', '=', departId);
      await w.ctx.db.deleteFrom('sys_depart_role_user').where('user_id', 'in', ids).where('drole_id', 'in', roles).execute();
    });
  };
  app.delete('/sys/user/deleteUserInDepart', async (request: Req) => {
    await removeFromDepart(sessionOf(request), await demandDepart(any, request.query.depId), idList(request.query.userId, '用户'));
    return ok(null, '删除成功!');
  });
  app.delete('/sys/user/deleteUserInDepartBatch', async (request: Req) => {
    await removeFromDepart(sessionOf(request), await demandDepart(any, request.query.depId), idList(request.query.userIds, '用户'));
    return ok(null, '删除成功!');
  });

  /** The departments of one user (JeecgBoot's user form): [{ key, title }]. */
  app.get('/sys/user/userDepartList', async (request: Req) => {
    const session = sessionOf(request);
    await runtime.access.demandView(session, users());
    const userId = checkId(request.query.userId);
    await runtime.access.demandInScope(session, users(), [userId]);
    const rows = await any
      .selectFrom('sys_depart as d')
      .innerJoin('sys_user_depart as ud', 'ud.dep_id', 'd.id')
      .select(['d.id', 'd.depart_name'])
      .where('ud.user_id', '=', userId)
      .where('d.del_flag', '=', 0)
      .orderBy('d.depart_order')
      .execute();
    return ok(rows.map((d) => ({ key: d.id, value: d.id, title: d.depart_name })));
  });

  /** The department roles a user holds in one department (部门用户 › 分配部门角色). */
  app.get('/sys/sysDepartRole/getDeptRoleByUserId', async (request: Req) => {
    const session = sessionOf(request);
    await runtime.access.demandView(session, runtime.registry.get('system/depart_role'));
    const userId = checkId(request.query.userId);
    const departId = await demandDepart(any, request.query.departId);
    const rows = await any
      .selectFrom('sys_depart_role_user as dru')
      .innerJoin('sys_depart_role as r', 'r.id', 'dru.drole_id')
      .select(['dru.id', 'dru.user_id', 'dru.drole_id'])
      .where('dru.user_id', '=', userId)
      .where('r.depart_id', '=', departId)
      .execute();
    return ok(rows.map((r) => ({ id: r.id, userId: r.user_id, droleId: r.drole_id })));
  });

  /** Users by id (JeecgBoot's user picker reading back its value): { id, username, realname }. */
  app.get('/sys/user/getMultiUser', async (request: Req) => {
    const session = sessionOf(request);
    await runtime.access.demandView(session, users());
    const names = String(request.query.username ?? '')
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean)
      .slice(0, MAX_IDS);
    const ids = String(request.query.id ?? request.query.ids ?? '')
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean)
      .slice(0, MAX_IDS)
      .map(checkId);
    if (!names.length && !ids.length) return ok([]);
    const plan = { ...planList(users(), {}), pageSize: MAX_IDS };
    const reader = await runtime.reader(session);
    const rows = await reader.rows(users(), { ...plan, selections: ids.length ? ids : undefined }, MAX_IDS, 0);
    const wanted = names.length ? rows.filter((r) => names.includes(String(r.username))) : rows;
    return ok(wanted.map((r) => ({ id: r.id, username: r.username, realname: r.realname })));
  });
}
