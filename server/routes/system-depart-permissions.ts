import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { sessionOf } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { badRequest, ok } from '../http/envelope.ts';
import type { EntityModel } from '../engine/schema/model.ts';
import { checkId } from '../engine/write/record-input.ts';
import { recordOut } from '../engine/wire.ts';
import { ASSIGN_ROLE_PERMISSION, demandDepartRolesGrantable, demandKeysGrantable, diffIds } from '../services/grant-guard.ts';
import {
  demandDepart,
  demandDepartRole,
  departKeys,
  departRoleKeys,
  departTree,
  saveDepartKeys,
  saveDepartRoleKeys,
  saveUserDepartRoles,
  userDepartRoles,
} from '../services/depart-permissions.ts';

/*
 * JeecgBoot's department permission calls (spec section 7, "Permissions" and "Departments"): a
 * department's permission set, the tree its roles choose from, a department role's permissions, and
 * which department roles a user holds. Reading needs the screen (部门管理 / 部门角色); saving needs its
 * edit button. Department roles themselves are records of schemas/system/depart_role.json.
 */

type Req = FastifyRequest<{ Querystring: Record<string, unknown>; Body: unknown }>;

const bodyOf = (request: FastifyRequest): Record<string, unknown> => {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('请求数据格式不正确');
  return body as Record<string, unknown>;
};

/** The department form's permission tree field (a virtual field of schemas/system/depart.json). */
const PERMISSIONS_KEY = 'permissions';

export function systemDepartPermissionRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, runtime } = ctx;
  const any = db as Kysely<any>;
  const departs = (): EntityModel => runtime.registry.get('system/depart');
  const roles = (): EntityModel => runtime.registry.get('system/depart_role');

  /*
   * The department form and the department role form carry their permissions beside the record: read with
   * it here; saved by the generic add and edit through the hooks of server/hooks/system-depart.ts.
   */
  function recordWithKeys(code: string, read: (id: string) => Promise<string[]>) {
    const model = (): EntityModel => runtime.registry.get(code);
    const base = `/${code}`;
    app.get(`${base}/queryById`, async (request: Req) => {
      const session = sessionOf(request);
      await runtime.access.demandView(session, model());
      const record = await (await runtime.reader(session)).byId(model(), checkId(request.query.id));
      return ok(recordOut(runtime.registry, model(), { ...record, [PERMISSIONS_KEY]: (await read(String(record.id))).join(',') }));
    });
  }
  recordWithKeys('system/depart', (id) => departKeys(any, id));
  recordWithKeys('system/depart_role', (id) => departRoleKeys(any, id));

  app.get('/sys/permission/queryDepartPermission', async (request: Req) => {
    await runtime.access.demandView(sessionOf(request), departs());
    return ok(await departKeys(any, await demandDepart(any, request.query.departId)));
  });

  app.post('/sys/permission/saveDepartPermission', async (request: Req) => {
    const session = sessionOf(request);
    await runtime.access.demand(session, departs(), 'edit');
    const body = bodyOf(request);
    const departId = await demandDepart(any, body.departId);
    await runtime.access.demandInScope(session, departs(), [departId]);
    await demandKeysGrantable(any, session.user.id, body.permissionIds, await departKeys(any, departId));
    await runtime.write(session, departs(), (w) => saveDepartKeys(w.ctx.db, departId, body.permissionIds));
    return ok(null, '保存成功！');
  });

  /** The tree a department role's permissions are chosen from: the department's own set. */
  app.get('/sys/sysDepartPermission/queryTreeListForDeptRole', async (request: Req) => {
    await runtime.access.demandView(sessionOf(request), roles());
    const treeList = await departTree(any, await demandDepart(any, request.query.departId));
    const ids: string[] = [];
    const walk = (nodes: typeof treeList) => nodes.forEach((n) => (n.checkable !== false && ids.push(n.key), walk(n.children ?? [])));
    walk(treeList);
    return ok({ treeList, ids });
  });

  app.get('/sys/sysDepartPermission/queryDeptRolePermission', async (request: Req) => {
    await runtime.access.demandView(sessionOf(request), roles());
    const role = await demandDepartRole(any, request.query.roleId);
    return ok(await departRoleKeys(any, role.id));
  });

  app.post('/sys/sysDepartPermission/saveDeptRolePermission', async (request: Req) => {
    const session = sessionOf(request);
    await runtime.access.demand(session, roles(), 'edit');
    const body = bodyOf(request);
    const role = await demandDepartRole(any, body.roleId);
    await runtime.access.demandInScope(session, roles(), [role.id]);
    await demandKeysGrantable(any, session.user.id, body.permissionIds, await departRoleKeys(any, role.id));
    await runtime.write(session, roles(), (w) => saveDepartRoleKeys(w.ctx.db, role, body.permissionIds));
    return ok(null, '保存成功！');
  });

  /** The department's roles and the ones the user holds (JeecgBoot's getDeptRoleList with userId). */
  app.get('/sys/sysDepartRole/getDeptRoleList', async (request: Req) => {
    await runtime.access.demandView(sessionOf(request), roles());
    const departId = await demandDepart(any, request.query.departId);
    const userId = typeof request.query.userId === 'string' ? request.query.userId : '';
    return ok(await userDepartRoles(any, departId, userId));
  });

  /** Replaces the user's roles in one department: { userId, departId, newRoleId: 'id1,id2' }. */
  app.post('/sys/sysDepartRole/deptRoleUserAdd', async (request: Req) => {
    const session = sessionOf(request);
    await runtime.access.demand(session, roles(), 'edit');
    const body = bodyOf(request);
    const departId = await demandDepart(any, body.departId);
    const held = await userDepartRoles(any, departId, typeof body.userId === 'string' ? body.userId : '');
    const sent = [
      ...new Set(
        String(body.newRoleId ?? '')
          .split(',')
          .map((r) => r.trim())
          .filter(Boolean),
      ),
    ];
    const { added, removed } = diffIds(held.checkedRoleIds, sent);
    await demandDepartRolesGrantable(any, () => ctx.permissions.demand(session.user.id, ASSIGN_ROLE_PERMISSION), session.user.id, added, removed);
    await runtime.write(session, roles(), (w) => saveUserDepartRoles(w.ctx.db, departId, body.userId as string, body.newRoleId));
    return ok(null, '保存成功！');
  });
}
