import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { sessionOf } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { badRequest, ok } from '../http/envelope.ts';
import { checkId } from '../engine/write/record-input.ts';
import { demandRuleMenuHeld } from '../services/grant-guard.ts';
import { OUTSIDE_DEPART_MESSAGE } from '../services/depart-permissions.ts';

/*
 * JeecgBoot's data-rule dialogs (spec section 6): for one menu entry held by a role, a department or a
 * department role, the entry's rules and the ones picked (`datarule/{permissionId}/{…ids}`), and saving the
 * pick. The grant row must exist (the menu entry saved first: 请先保存…菜单权限!); picked rules must be the
 * entry's own, held by the saver (grants cannot escalate) and, for a department role, within its department's.
 * The permission tree of the role form saves the same rules as `rule:<id>` keys.
 */

type Req = FastifyRequest<{ Params: Record<string, string>; Body: unknown }>;

interface Holder {
  /** The document whose edit button the save needs. */
  code: string;
  table: string;
  owner: string;
  /** The message when the menu entry is not granted yet. */
  missing: string;
}

const ROLE: Holder = { code: 'system/role', table: 'sys_role_permission', owner: 'role_id', missing: '请先保存角色菜单权限!' };
const DEPART: Holder = { code: 'system/depart', table: 'sys_depart_permission', owner: 'depart_id', missing: '请先保存部门菜单权限!' };
const DEPART_ROLE: Holder = { code: 'system/depart_role', table: 'sys_depart_role_permission', owner: 'role_id', missing: '请先保存部门角色菜单权限!' };

const ruleIdsOf = (raw: unknown): string[] =>
  [
    ...new Set(
      String(raw ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ].map(checkId);

export function dataRuleGrantRoutes(app: FastifyInstance, ctx: AppContext) {
  const { runtime } = ctx;
  const any = ctx.db as Kysely<any>;

  async function load(request: Req, holder: Holder, permissionId: string, ownerId: string) {
    await runtime.access.demandView(sessionOf(request), runtime.registry.get(holder.code));
    const rules = await any
      .selectFrom('sys_permission_data_rule')
      .select(['id', 'permission_id', 'rule_name', 'rule_column', 'rule_conditions', 'rule_value', 'status'])
      .where('permission_id', '=', checkId(permissionId))
      .orderBy('create_time')
      .orderBy('id')
      .execute();
    if (!rules.length) throw badRequest('未找到权限配置信息');
    const grant = await any
      .selectFrom(holder.table)
      .select('data_rule_ids')
      .where('permission_id', '=', permissionId)
      .where(holder.owner, '=', checkId(ownerId))
      .executeTakeFirst();
    const datarule = rules.map((r) => ({
      id: r.id,
      permissionId: r.permission_id,
      ruleName: r.rule_name,
      ruleColumn: r.rule_column,
      ruleConditions: r.rule_conditions,
      ruleValue: r.rule_value,
      status: r.status,
    }));
    return ok({ datarule, ...(grant?.data_rule_ids ? { drChecked: String(grant.data_rule_ids).replace(/,$/, '') } : {}) });
  }

  async function save(request: Req, holder: Holder, ownerKey: string) {
    const session = sessionOf(request);
    const model = runtime.registry.get(holder.code);
    await runtime.access.demand(session, model, 'edit');
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    const permissionId = checkId(body.permissionId);
    const ownerId = checkId(body[ownerKey]);
    await runtime.access.demandInScope(session, model, [ownerId]);
    const picked = ruleIdsOf(body.dataRuleIds);
    const grant = await any
      .selectFrom(holder.table)
      .select(['id', 'data_rule_ids'])
      .where('permission_id', '=', permissionId)
      .where(holder.owner, '=', ownerId)
      .executeTakeFirst();
    if (!grant) throw badRequest(holder.missing);
    const own = picked.length
      ? await any.selectFrom('sys_permission_data_rule').select('id').where('id', 'in', picked).where('permission_id', '=', permissionId).execute()
      : [];
    if (own.length < picked.length) throw badRequest('所选数据规则不属于该菜单');
    const had = new Set(
      String(grant.data_rule_ids ?? '')
        .split(',')
        .filter(Boolean),
    );
    if (picked.some((id) => !had.has(id))) await demandRuleMenuHeld(any, session.user.id, permissionId);
    if (holder === DEPART_ROLE) {
      const role = await any.selectFrom('sys_depart_role').select('depart_id').where('id', '=', ownerId).executeTakeFirstOrThrow();
      const ceiling = await any
        .selectFrom('sys_depart_permission')
        .select('data_rule_ids')
        .where('depart_id', '=', role.depart_id)
        .where('permission_id', '=', permissionId)
        .executeTakeFirst();
      const allowed = new Set(
        String(ceiling?.data_rule_ids ?? '')
          .split(',')
          .filter(Boolean),
      );
      if (picked.some((id) => !allowed.has(id))) throw badRequest(OUTSIDE_DEPART_MESSAGE);
    }
    await runtime.write(session, model, (w) =>
      w.ctx.db
        .updateTable(holder.table)
        .set({ data_rule_ids: picked.join(',') || null })
        .where('id', '=', grant.id)
        .execute(),
    );
    return ok(null, '保存成功!');
  }

  app.get('/system/role/datarule/:permissionId/:roleId', (request: Req) => load(request, ROLE, request.params.permissionId, request.params.roleId));
  app.post('/system/role/datarule', (request: Req) => save(request, ROLE, 'roleId'));
  app.get('/sys/sysDepartPermission/datarule/:permissionId/:departId', (request: Req) =>
    load(request, DEPART, request.params.permissionId, request.params.departId),
  );
  app.post('/sys/sysDepartPermission/datarule', (request: Req) => save(request, DEPART, 'departId'));
  app.get('/system/depart_role/datarule/:permissionId/:departId/:roleId', (request: Req) =>
    load(request, DEPART_ROLE, request.params.permissionId, request.params.roleId),
  );
  app.post('/system/depart_role/datarule', (request: Req) => save(request, DEPART_ROLE, 'roleId'));
}
