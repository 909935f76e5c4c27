import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashPassword, isStrongPassword, PASSWORD_RULE_MESSAGE, verifyPassword } from '../auth/password.ts';
import { GUEST_USERNAME, sessionOf } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { badRequest, forbidden, ok, requireText } from '../http/envelope.ts';
import { lockedMessage } from '../auth/lockout.ts';
import { chooseDepart, departsOf, storePassword, tenantsOf, userInfoOf } from '../services/users.ts';

/** What the signed-in user may do to their own account: menus, password, department. */
export function sessionUserRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, permissions } = ctx;

  app.get('/sys/permission/getUserPermissionByToken', async (request) => {
    const { user } = sessionOf(request);
    return ok(await permissions.forToken(user.id));
  });

  // JeecgBoot's vue3 client reads the signed-in user and the dictionaries here after signing in.
  app.get('/sys/user/getUserInfo', async (request) => {
    const { user } = sessionOf(request);
    return ok({ userInfo: await userInfoOf(db, user), sysAllDictItems: await ctx.dictionaries.allItems() });
  });

  app.post('/sys/user/updatePassword', async (request) => {
    const { user } = sessionOf(request);
    const username = requireText(request.body, 'username', '当前系统无登陆用户!', 100);
    const oldPassword = requireText(request.body, 'oldpassword', '请输入旧密码!', 100);
    const password = requireText(request.body, 'password', '请输入新密码!', 100);
    const confirm = requireText(request.body, 'confirmpassword', '请确认新密码!', 100);
    if (username !== user.username) throw forbidden('只能修改自己的密码');
    if (user.username === GUEST_USERNAME) throw forbidden('访客不能修改密码');
    if (!isStrongPassword(password)) throw badRequest(PASSWORD_RULE_MESSAGE);
    if (password !== confirm) throw badRequest('两次输入的密码不一样！');
    // Guessing the old password counts toward the same lock as guessing it at sign-in.
    const lockedMs = await ctx.lockout.lockedFor(user.username);
    if (lockedMs > 0) throw badRequest(lockedMessage(lockedMs));
    if (!(await verifyPassword(oldPassword, user.password))) {
      const left = await ctx.lockout.recordFailure(user.username, request.ip);
      throw badRequest(left > 0 ? '旧密码输入错误!' : lockedMessage(await ctx.lockout.lockedFor(user.username)));
    }
    // Every other session of the user ends; this one goes on.
    await storePassword(db, user.id, await hashPassword(password), user.username, sessionOf(request).jti);
    return ok(null, '密码修改成功!');
  });

  app.get('/sys/user/getCurrentUserDeparts', async (request) => {
    const { user } = sessionOf(request);
    const departs = await departsOf(db, user.id);
    return ok({
      // orgCategory: JeecgBoot's vue3 client offers only departments ('2', not 机构 or 岗位) in its 切换部门.
      list: departs.map((d) => ({ id: d.id, orgCode: d.org_code, departName: d.depart_name, parentId: d.parent_id, orgCategory: d.org_category })),
      orgCode: user.org_code,
    });
  });

  // JeecgBoot vue3's 切换部门 dialog offers the user's tenants beside the departments (active ones, as JeecgBoot).
  app.get('/sys/tenant/getCurrentUserTenant', async (request) => {
    const { user } = sessionOf(request);
    const ids = await tenantsOf(db, user.id);
    const list = ids.length
      ? await db.selectFrom('sys_tenant').select(['id', 'name', 'status']).where('id', 'in', ids).where('status', '=', 1).orderBy('id').execute()
      : [];
    return ok({ list, tenantId: user.tenant_id });
  });

  // JeecgBoot vue3 asks after signing in whether the password is the shared default one ('yes_…' makes it ask for a
  // change). Ours has none: the first password is generated per install, and others are set by people.
  app.get('/sys/user/verifyIzDefaultPwd', async () => ok('no'));

  // JeecgBoot's Vue 2 client switches department with PUT, ours with POST.
  const selectDepart = async (request: FastifyRequest) => {
    const { user } = sessionOf(request);
    const orgCode = requireText(request.body, 'orgCode', '请选择登录部门', 64);
    const username = (request.body as Record<string, unknown>).username;
    if (username !== undefined && username !== user.username) throw forbidden('只能切换自己的部门');
    return ok({ userInfo: await userInfoOf(db, await chooseDepart(db, user, orgCode)) });
  };
  app.post('/sys/selectDepart', selectDepart);
  app.put('/sys/selectDepart', selectDepart);
}
