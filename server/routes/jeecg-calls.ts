import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Captchas } from '../auth/captcha.ts';
import { plainPassword } from '../auth/jeecg-password.ts';
import { sessionOf } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { badRequest, forbidden, ok, requireText } from '../http/envelope.ts';
import { planList } from '../engine/read/query.ts';
import { checkId } from '../engine/write/record-input.ts';
import { pageOut, recordsOut } from '../engine/wire.ts';
import { departTree, type DepartNode } from '../services/departs.ts';
import { signIns } from '../services/sign-in.ts';
import { departsOf } from '../services/users.ts';

/*
 * Small calls JeecgBoot's clients make on our screens that no document route answers (docs/jeecg-contract.md
 * lists every call and where it is served), and the calls refused on purpose: ones that would let an
 * administrator run code, write through SQL or reach other hosts. A refusal is logged and answered 403 with
 * a clear message; nothing runs.
 */

type Req = FastifyRequest<{ Querystring: Record<string, unknown> }>;

/** Refused on purpose: [method, path, what it would do]. Paths are under the API base. */
export const REFUSED_CALLS: readonly [string, string, string][] = [
  ['POST', '/online/cgform/head/enhanceJava', '在线表单Java增强（在服务器上执行代码）'],
  ['PUT', '/online/cgform/head/enhanceJava', '在线表单Java增强（在服务器上执行代码）'],
  ['POST', '/online/cgform/head/enhanceSql', '在线表单SQL增强（通过SQL写入数据）'],
  ['PUT', '/online/cgform/head/enhanceSql', '在线表单SQL增强（通过SQL写入数据）'],
  ['POST', '/online/cgform/head/enhanceJs', '在线表单JS增强（在浏览器中执行存储的代码）'],
  ['POST', '/online/cgform/api/doDbSynch/:code/:synMethod', '同步数据库（可删除并重建数据表）'],
  ['POST', '/online/cgreport/api/testConnection', '测试任意数据库连接（访问其他主机）'],
  ['POST', '/sys/dataSource/testConnection', '测试任意数据库连接（访问其他主机）'],
  ['GET', '/sys/common/transitRESTful', '中转HTTP请求（访问其他主机）'],
  ['POST', '/sys/common/transitRESTful', '中转HTTP请求（访问其他主机）'],
  ['PUT', '/sys/gatewayRoute/updateAll', '网关路由（转发到其他主机）'],
];

export const refusalMessage = (what: string) => `出于安全考虑，本系统不提供该功能：${what}`;

export function jeecgCallRoutes(app: FastifyInstance, ctx: AppContext) {
  const { runtime } = ctx;
  const any = ctx.db as Kysely<any>;

  for (const [method, url, what] of REFUSED_CALLS) {
    app.route({
      method: method as 'GET' | 'POST' | 'PUT',
      url,
      handler: async (request) => {
        request.log.warn({ user: request.session?.user.username, url: request.url }, 'refused JeecgBoot call');
        throw forbidden(refusalMessage(what));
      },
    });
  }

  /**
   * JeecgBoot vue3's login page, once the captcha is typed, asks which departments the account signs in to (its
   * 部门 select). The checks of sign-in: the captcha when it is on (not used up: the sign-in that follows uses
   * it), the password (plain or the client's AES cipher text), a wrong one counting toward the lockout. Only
   * departments (org_category 2), as JeecgBoot answers; phone sign-in picks its department after signing in.
   */
  const captchas = new Captchas(ctx.db);
  const { passwordUser } = signIns(ctx);
  const limited = { config: { public: true, rateLimit: { max: ctx.config.loginRateLimit, timeWindow: 60_000 } } };
  app.post('/sys/loginGetUserDeparts', limited, async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (body.loginType === 'phone') throw badRequest('手机号登录后可在页头切换部门');
    const username = requireText(body, 'username', '请输入用户名', 100).trim();
    const password = plainPassword(requireText(body, 'password', '请输入密码', 100));
    if (ctx.config.captcha) await captchas.verify(body.checkKey, body.inputCode ?? body.captcha, false);
    const user = await passwordUser(username, password, request.ip);
    const departs = (await departsOf(ctx.db, user.id)).filter((d) => d.org_category === '2');
    return ok({ departs: departs.map((d) => ({ id: d.id, orgCode: d.org_code, departName: d.depart_name })), currentOrgCode: user.org_code });
  });

  /** 数据日志's version views: every version of one record, and two log rows side by side. */
  const dataLog = () => runtime.registry.get('system/data_log');
  app.get('/system/data_log/queryDataVerList', async (request: Req) => {
    const session = sessionOf(request);
    await runtime.access.demandView(session, dataLog());
    if (typeof request.query.dataTable !== 'string' || !request.query.dataTable || typeof request.query.dataId !== 'string' || !request.query.dataId)
      throw badRequest('请指定表名和数据ID');
    const plan = planList(dataLog(), { dataTable: request.query.dataTable, dataId: request.query.dataId, column: 'dataVersion', order: 'desc' });
    const reader = await runtime.reader(session);
    return ok(recordsOut(runtime.registry, dataLog(), await reader.decorate(dataLog(), await reader.rows(dataLog(), plan, 1000, 0))));
  });
  app.get('/system/data_log/queryCompareList', async (request: Req) => {
    const session = sessionOf(request);
    await runtime.access.demandView(session, dataLog());
    const ids = [request.query.dataId1, request.query.dataId2].map(checkId);
    const reader = await runtime.reader(session);
    const rows = await reader.rows(dataLog(), { ...planList(dataLog(), { column: 'dataVersion', order: 'asc' }), selections: ids }, 2, 0);
    return ok(recordsOut(runtime.registry, dataLog(), await reader.decorate(dataLog(), rows)));
  });

  /** Whether a value is free in a column (the role and category forms' checks as you type); a taken one is success false. */
  const freeIn = async (request: Req, reply: FastifyReply, code: string, column: string, raw: unknown, taken: string) => {
    const model = runtime.registry.get(code);
    await runtime.access.demandView(sessionOf(request), model);
    const value = String(raw ?? '').slice(0, 200);
    if (!value) throw badRequest('请输入要校验的值');
    let query = any.selectFrom(model.table).select('id').where(column, '=', value);
    if (request.query.id) query = query.where('id', '<>', checkId(request.query.id));
    if (await query.executeTakeFirst()) return reply.send({ success: false, message: taken, code: 200, result: null, timestamp: Date.now() });
    return ok(null, '该值可用！');
  };
  app.get('/system/role/checkRoleCode', (request: Req, reply) => freeIn(request, reply, 'system/role', 'role_code', request.query.roleCode, '角色编码已存在'));
  app.get('/system/category/checkCode', (request: Req, reply) =>
    freeIn(request, reply, 'system/category', 'code', request.query.code, '编码已存在,请重新输入!'),
  );

  /** Users by id (系统通告's 指定用户 reading back its value), through the scoped reader. */
  app.get('/system/user/queryByIds', async (request: Req) => {
    const session = sessionOf(request);
    const users = runtime.registry.get('system/user');
    await runtime.access.demandView(session, users);
    const ids = String(request.query.userIds ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean)
      .slice(0, 1000)
      .map(checkId);
    if (!ids.length) return ok([]);
    const reader = await runtime.reader(session);
    return ok(
      recordsOut(runtime.registry, users, await reader.decorate(users, await reader.rows(users, { ...planList(users, {}), selections: ids }, 1000, 0))),
    );
  });

  /** One level of the department tree (JeecgBoot's lazy tree): the roots, or the children of `pid`. */
  const departLevel = async (request: Req) => {
    const pid = typeof request.query.pid === 'string' && request.query.pid ? checkId(request.query.pid) : null;
    const level = (nodes: DepartNode[]): DepartNode[] | undefined => {
      if (pid === null) return nodes;
      for (const n of nodes) {
        if (n.id === pid) return n.children ?? [];
        const found = level(n.children ?? []);
        if (found) return found;
      }
      return undefined;
    };
    return ok(
      (level(await departTree(await ctx.runtime.scoped(sessionOf(request), 'system/depart'))) ?? []).map(({ children, ...node }) => ({
        ...node,
        isLeaf: !children?.length,
      })),
    );
  };
  app.get('/sys/sysDepart/queryDepartTreeSync', departLevel);
  // vue3's 部门管理 asks for departments and posts (岗位, org_category 3) in one tree: ours are in it already.
  app.get('/sys/sysDepart/queryDepartAndPostTreeSync', departLevel);

  /** A department's path of names (希望工程基金会/办公室) by org code or id: vue3's department pickers label their values with it. */
  app.get('/sys/sysDepart/getDepartPathNameByOrgCode', async (request: Req) => {
    const { orgCode, depId } = request.query;
    const hit = (n: DepartNode) => (orgCode ? n.orgCode === orgCode : !!depId && n.id === depId);
    const pathTo = (nodes: DepartNode[], trail: string[]): string[] | undefined => {
      for (const n of nodes) {
        const names = [...trail, n.departName];
        const found = hit(n) ? names : pathTo(n.children ?? [], names);
        if (found) return found;
      }
      return undefined;
    };
    const tree = await departTree(await ctx.runtime.scoped(sessionOf(request), 'system/depart'));
    return ok((pathTo(tree, []) ?? []).join('/'));
  });

  /** Whether a dictionary item value is free in its dictionary (the item form's check as you type). */
  app.get('/sys/dictItem/dictItemCheck', async (request: Req, reply) => {
    await runtime.access.demandView(sessionOf(request), runtime.registry.get('sys/dict_item'));
    const dictId = checkId(request.query.dictId);
    const value = String(request.query.itemValue ?? '').slice(0, 100);
    let query = any.selectFrom('sys_dict_item').select('id').where('dict_id', '=', dictId).where('item_value', '=', value);
    if (request.query.id) query = query.where('id', '<>', checkId(request.query.id));
    // Like the duplicate check, a taken value is an answer, not an error: success false, code 200.
    if (await query.executeTakeFirst())
      return reply.send({ success: false, message: '该值不可用，系统中已存在！', code: 200, result: null, timestamp: Date.now() });
    return ok(null, '该值可用！');
  });

  /** Tenants for the user form's 所属租户 (optionally only `ids`), through the scoped reader. */
  app.get('/system/tenant/queryList', async (request: Req) => {
    const session = sessionOf(request);
    const model = runtime.registry.get('system/tenant');
    await runtime.access.demandView(session, runtime.registry.get('system/user'));
    const ids =
      typeof request.query.ids === 'string' && request.query.ids
        ? request.query.ids
            .split(',')
            .slice(0, 200)
            .map((id) => String(Number(id)))
        : undefined;
    const reader = await runtime.reader(session);
    const rows = await reader.rows(model, { ...planList(model, {}), selections: ids }, 1000, 0);
    return ok(recordsOut(runtime.registry, model, rows).map((r) => ({ ...r, id: Number(r.id) })));
  });
}

/**
 * 分类字典 as JeecgBoot's category screen pages it: the top level (or a search by name or code over all levels),
 * one parent's children, several parents' children at once. Read through the scoped reader.
 */
export function categoryListRoutes(app: FastifyInstance, ctx: AppContext) {
  const { runtime } = ctx;
  const model = () => runtime.registry.get('system/category');
  const ROOT_PIDS = new Set(['', '0']);

  app.get('/system/category/rootList', async (request: Req) => {
    const session = sessionOf(request);
    await runtime.access.demandView(session, model());
    const { pid, ...query } = request.query;
    const plan = planList(model(), query);
    await runtime.access.demandPlan(session, model(), plan);
    const searching = plan.filters.some((f) => f.column === 'name' || f.column === 'code');
    const parent = typeof pid === 'string' && !ROOT_PIDS.has(pid) ? checkId(pid) : null;
    if (!searching) plan.filters.push(parent === null ? { column: 'pid', op: 'is', value: null } : { column: 'pid', op: '=', value: parent });
    return ok(pageOut(runtime.registry, model(), await (await runtime.reader(session)).page(model(), plan)));
  });

  const childrenOf = async (request: Req, parents: string[]) => {
    const session = sessionOf(request);
    await runtime.access.demandView(session, model());
    const plan = { ...planList(model(), {}), filters: [{ column: 'pid', op: 'in' as const, value: parents }] };
    const reader = await runtime.reader(session);
    return recordsOut(runtime.registry, model(), await reader.decorate(model(), await reader.rows(model(), plan, 5000, 0)));
  };

  app.get('/system/category/childList', async (request: Req) => ok(await childrenOf(request, [checkId(request.query.pid)])));

  app.get('/system/category/getChildListBatch', async (request: Req) => {
    const parents = String(request.query.parentIds ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)
      .slice(0, 500)
      .map(checkId);
    const records = parents.length ? await childrenOf(request, parents) : [];
    return ok({ records, total: records.length, size: records.length, current: 1, pages: 1 });
  });
}
