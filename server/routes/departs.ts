import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GUEST_USERNAME, sessionOf } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { forbidden, ok } from '../http/envelope.ts';
import { departTree, idTreeOf, myDepartTree, searchDeparts } from '../services/departs.ts';
import { departIdsOf, userPage, usersByName, usersOfDeparts } from '../services/user-picker.ts';

/*
 * Departments (spec section 7) and the user look-ups of the user-by-department modal. The department
 * tree is what every department picker shows, so any signed-in user may read it; user accounts (names,
 * phones) are for staff only, not the read-only guest. Deleting is the generic route of the system/depart
 * document (JeecgBoot's /sys/sysDepart/delete reaches it through server/http/jeecg-paths.ts), so its
 * permission, scope and delete guards (child departments, users) apply.
 */

type Query = Record<string, unknown>;

function demandStaff(request: FastifyRequest) {
  const { user } = sessionOf(request);
  if (user.username === GUEST_USERNAME) throw forbidden('访客无权查看用户信息');
  return user;
}

export function departRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, runtime } = ctx;
  const departs = (request: FastifyRequest) => runtime.scoped(sessionOf(request), 'system/depart');
  const users = (request: FastifyRequest) => runtime.scoped(sessionOf(request), 'system/user', 'u');

  app.get('/sys/sysDepart/queryTreeList', async (request) => ok(await departTree(await departs(request))));

  app.get('/sys/sysDepart/queryIdTree', async (request) => ok(idTreeOf(await departTree(await departs(request)))));

  app.get<{ Querystring: Query }>('/sys/sysDepart/searchBy', async (request) => {
    const keyword = request.query.keyWord ?? request.query.keyword;
    return ok(await searchDeparts(await departs(request), typeof keyword === 'string' ? keyword : ''));
  });

  app.get('/sys/sysDepart/queryMyDeptTreeList', async (request) => ok(await myDepartTree(db, await departs(request), sessionOf(request).user.id)));

  // The user-management screen owns /sys/user/list (and its permission); pickers in any form use this
  // lighter list, as JeecgBoot's user components use queryUserComponentData.
  app.get<{ Querystring: Query }>('/sys/user/queryUserComponentData', async (request) => {
    demandStaff(request);
    // usernames=a,b: exactly these accounts (a stored value shown by real name), not a page.
    if (request.query.usernames !== undefined) return ok(await usersByName(await users(request), request.query.usernames));
    return ok(await userPage(await users(request), request.query));
  });

  app.get<{ Querystring: Query }>('/sys/user/queryUserByDepId', async (request) => {
    demandStaff(request);
    return ok(await usersOfDeparts(await users(request), departIdsOf(request.query.id), request.query.username));
  });
}
