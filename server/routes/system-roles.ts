import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { sessionOf } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { badRequest, ok } from '../http/envelope.ts';
import type { EntityModel } from '../engine/schema/model.ts';
import { checkId } from '../engine/write/record-input.ts';
import { recordOut } from '../engine/wire.ts';
import { demandKeysGrantable } from '../services/grant-guard.ts';
import { keepAdminRoleManagement } from '../hooks/system-role.ts';
import { permissionTree, roleKeys, saveRoleKeys } from '../services/role-permissions.ts';

/*
 * Roles (schemas/system/role.json over sys_role) and what they hold. Adding, editing and deleting a role
 * are generic (the permission tree the form carries is stored by server/hooks/system-role.ts); these routes
 * read the role with its keys and serve JeecgBoot's role and permission-tree calls. A change takes effect at once: every server check reads sys_role_permission,
 * and the user's menu follows at their next getUserPermissionByToken.
 */

const CODE = 'system/role';
const PERMISSIONS_KEY = 'permissions';

type Req = FastifyRequest<{ Querystring: Record<string, unknown>; Body: unknown }>;

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('请求数据格式不正确');
  return { ...(body as Record<string, unknown>) };
}

export function systemRoleRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, runtime } = ctx;
  const any = db as Kysely<any>;
  const model = (): EntityModel => runtime.registry.get(CODE);
  const permissionModel = (): EntityModel => runtime.registry.get('system/permission');

  const queryById = async (request: Req) => {
    const session = sessionOf(request);
    await runtime.access.demandView(session, model());
    const record = await (await runtime.reader(session)).byId(model(), checkId(request.query.id));
    return ok(recordOut(runtime.registry, model(), { ...record, [PERMISSIONS_KEY]: (await roleKeys(any, String(record.id))).join(',') }));
  };

  // JeecgBoot's /sys/role/queryById reaches it through server/http/jeecg-paths.ts.
  app.get('/system/role/queryById', queryById);

  app.get('/sys/role/queryall', async (request: Req) => {
    const session = sessionOf(request);
    await runtime.access.demandView(session, model());
    const rows = await (
      await runtime.scoped(session, CODE)
    )
      .select(['id', 'role_name', 'role_code', 'description'])
      .orderBy('create_time')
      .orderBy('id')
      .execute();
    return ok(rows.map((r) => ({ id: r.id, roleName: r.role_name, roleCode: r.role_code, description: r.description })));
  });

  /** Roles as tree nodes (JeecgBoot's role pickers). */
  app.get('/sys/role/queryTreeList', async (request: Req) => {
    const session = sessionOf(request);
    await runtime.access.demandView(session, model());
    const rows = await (await runtime.scoped(session, CODE)).select(['id', 'role_name']).orderBy('create_time').orderBy('id').execute();
    return ok(rows.map((r) => ({ key: r.id, value: r.id, title: r.role_name, isLeaf: true })));
  });

  /** The tree every role form shows: menu entries, buttons and data rules. */
  app.get('/sys/permission/queryTreeList', async (request: Req) => {
    const session = sessionOf(request);
    if (!(await runtime.access.canView(session, model()))) await runtime.access.demandView(session, permissionModel());
    const treeList = await permissionTree(any);
    const ids: string[] = [];
    const walk = (nodes: typeof treeList) => nodes.forEach((n) => (ids.push(n.key), walk(n.children ?? [])));
    walk(treeList);
    return ok({ treeList, ids });
  });

  app.get('/sys/permission/queryRolePermission', async (request: Req) => {
    await runtime.access.demandView(sessionOf(request), model());
    return ok(await roleKeys(any, checkId(request.query.roleId)));
  });

  app.post('/sys/permission/saveRolePermission', async (request: Req) => {
    const session = sessionOf(request);
    await runtime.access.demand(session, model(), 'edit');
    const body = bodyOf(request);
    const roleId = checkId(body.roleId);
    await runtime.access.demandInScope(session, model(), [roleId]);
    await keepAdminRoleManagement(any, roleId, body.permissionIds);
    await demandKeysGrantable(any, session.user.id, body.permissionIds, await roleKeys(any, roleId));
    await runtime.write(session, model(), (w) => saveRoleKeys(w.ctx.db, roleId, body.permissionIds));
    return ok(null, '保存成功！');
  });
}
