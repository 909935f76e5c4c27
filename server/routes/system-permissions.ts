import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { sessionOf } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { badRequest, notFound, ok } from '../http/envelope.ts';
import type { EntityModel } from '../engine/schema/model.ts';
import { checkId } from '../engine/write/record-input.ts';
import type { DataRule } from '../engine/scope/row-scope.ts';
import { buildTree } from '../services/permissions.ts';
import { checkDataRule } from '../hooks/system-permission-data-rule.ts';

/*
 * Menus and permissions (schemas/system/permission.json over sys_permission) beyond generic CRUD:
 * JeecgBoot's menu tree, and the data rules of a menu entry. A rule names a column of the entity behind
 * the entry (checked here against the document's allow-list) and a value that may name system variables
 * (#{sys_org_code} …); the reader applies it with the value bound.
 */

const CODE = 'system/permission';
const RULE_CODE = 'system/permission_data_rule';

type Req = FastifyRequest<{ Querystring: Record<string, unknown>; Body: unknown }>;

interface RuleRow extends DataRule {
  id: string;
  permission_id: string;
  rule_name: string;
  status: string;
}

const toJson = (r: RuleRow) => ({
  id: r.id,
  permissionId: r.permission_id,
  ruleName: r.rule_name,
  ruleColumn: r.rule_column,
  ruleConditions: r.rule_conditions,
  ruleValue: r.rule_value,
  status: r.status,
});

function text(body: Record<string, unknown>, key: string, label: string, max: number): string {
  const v = body[key];
  if (typeof v !== 'string' || !v.trim()) throw badRequest(`请输入${label}`);
  if (v.length > max) throw badRequest(`${label}长度不能超过${max}`);
  return v.trim();
}

export function systemPermissionRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, runtime } = ctx;
  const any = db as Kysely<any>;
  const model = (): EntityModel => runtime.registry.get(CODE);

  async function readRule(body: Record<string, unknown>, permissionId: string): Promise<Omit<RuleRow, 'id'>> {
    const rule = {
      permission_id: permissionId,
      rule_name: text(body, 'ruleName', '规则名称', 50),
      rule_column: text(body, 'ruleColumn', '规则字段', 64),
      rule_conditions: text(body, 'ruleConditions', '条件规则', 20),
      rule_value: text(body, 'ruleValue', '规则值', 300),
      status: body.status === undefined || body.status === null || body.status === '' ? '1' : String(body.status),
    };
    if (rule.status !== '1' && rule.status !== '0') throw badRequest('状态值不正确');
    // Checked here too, before the field checks, so JeecgBoot's dialog hears the rule's own words first.
    await checkDataRule(any, runtime.registry, rule);
    return rule;
  }

  app.get('/sys/permission/list', async (request: Req) => {
    await runtime.access.demandView(sessionOf(request), model());
    const rows = await db.selectFrom('sys_permission').selectAll().where('del_flag', '=', 0).orderBy('sort_no').orderBy('id').execute();
    return ok(buildTree(rows));
  });

  /** JeecgBoot's lazy menu tree: the top-level entries, then the children of one or several entries. */
  const entries = (parentIds: string[] | null) => {
    let query = db.selectFrom('sys_permission').selectAll().where('del_flag', '=', 0);
    query = parentIds === null ? query.where('parent_id', 'is', null) : query.where('parent_id', 'in', parentIds.length ? parentIds : ['']);
    return query.orderBy('sort_no').orderBy('id').execute();
  };
  app.get('/sys/permission/getSystemMenuList', async (request: Req) => {
    await runtime.access.demandView(sessionOf(request), model());
    return ok(buildTree(await entries(null)));
  });
  app.get('/sys/permission/getSystemSubmenu', async (request: Req) => {
    await runtime.access.demandView(sessionOf(request), model());
    return ok(buildTree(await entries([checkId(request.query.parentId)])));
  });
  app.get('/sys/permission/getSystemSubmenuBatch', async (request: Req) => {
    await runtime.access.demandView(sessionOf(request), model());
    const ids = String(request.query.parentIds ?? '')
      .split(',')
      .filter(Boolean)
      .slice(0, 500)
      .map(checkId);
    const rows = await entries(ids);
    return ok(Object.fromEntries(ids.map((id) => [id, buildTree(rows.filter((r) => r.parent_id === id))])));
  });

  const rulesOf = async (request: Req) => {
    await runtime.access.demandView(sessionOf(request), model());
    const permissionId = checkId(request.query.permissionId);
    let query = any.selectFrom('sys_permission_data_rule').selectAll().where('permission_id', '=', permissionId);
    // queryPermissionRule filters by name and value as typed (bound, exact substring).
    for (const [param, column] of [
      ['ruleName', 'rule_name'],
      ['ruleValue', 'rule_value'],
    ] as const) {
      const v = request.query[param];
      if (typeof v === 'string' && v.trim()) query = query.where(column, 'like', `%${v.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    }
    const rows = (await query.orderBy('create_time').orderBy('id').execute()) as RuleRow[];
    return ok(rows.map(toJson));
  };
  app.get('/sys/permission/getPermRuleListByPermId', rulesOf);
  app.get('/sys/permission/queryPermissionRule', rulesOf);

  const ruleModel = (): EntityModel => runtime.registry.get(RULE_CODE);

  app.post('/sys/permission/addPermissionRule', async (request: Req) => {
    const session = sessionOf(request);
    await runtime.access.demand(session, model(), 'edit');
    const body = (request.body ?? {}) as Record<string, unknown>;
    const rule = await readRule(body, checkId(body.permissionId));
    const added = await runtime.write(session, ruleModel(), (w) => w.add(ruleModel(), { values: rule, batches: new Map() }));
    return ok({ id: added.id }, '添加成功！');
  });

  app.put('/sys/permission/editPermissionRule', async (request: Req) => {
    const session = sessionOf(request);
    await runtime.access.demand(session, model(), 'edit');
    const body = (request.body ?? {}) as Record<string, unknown>;
    const id = checkId(body.id);
    const stored = await any.selectFrom('sys_permission_data_rule').select('permission_id').where('id', '=', id).executeTakeFirst();
    if (!stored) throw notFound('未找到对应数据');
    const rule = await readRule(body, stored.permission_id);
    await runtime.write(session, ruleModel(), (w) => w.edit(ruleModel(), { id, values: rule, batches: new Map() }));
    return ok({ id }, '编辑成功!');
  });

  app.delete('/sys/permission/deletePermissionRule', async (request: Req) => {
    const session = sessionOf(request);
    await runtime.access.demand(session, model(), 'edit');
    const id = checkId(request.query.id);
    // Roles, departments and department roles that picked the rule drop it (the rule's afterDelete hook).
    await runtime.write(session, ruleModel(), (w) => w.remove(ruleModel(), id));
    return ok(null, '删除成功!');
  });
}
