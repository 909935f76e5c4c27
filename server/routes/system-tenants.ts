import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { sessionOf } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { badRequest, ok } from '../http/envelope.ts';
import { nowText } from '../lib/time.ts';
import type { EntityModel } from '../engine/schema/model.ts';
import { readInput } from '../engine/write/record-input.ts';
import { parseTyped } from '../engine/schema/values.ts';

/*
 * Adding a tenant (schemas/system/tenant.json). Tenant ids are the small integers every tenant_id column
 * and the tenant_id header carry, so a new tenant's number is chosen by the administrator (as JeecgBoot's
 * 租户编号) instead of the runtime's generated string id; list, edit and delete stay generic.
 */

const CODE = 'system/tenant';
const MAX_TENANT = 2_147_483_647;

type Req = FastifyRequest<{ Body: unknown }>;

/** The checked column values of a tenant, or a Chinese 400 naming the first problem. */
export function tenantValues(model: EntityModel, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of model.fields) {
    const raw = values[field.name] ?? field.default ?? null;
    if (raw === null || raw === '') {
      if (field.required) throw badRequest(`${field.label}不能为空`);
      out[field.name] = null;
      continue;
    }
    const parsed = parseTyped(field, String(raw));
    if (!parsed.ok) throw badRequest(`${field.label}格式不正确`);
    if (field.length && typeof parsed.value === 'string' && parsed.value.length > field.length) throw badRequest(`${field.label}长度不能超过${field.length}`);
    out[field.name] = parsed.value;
  }
  if (out.status !== 1 && out.status !== 0) throw badRequest('状态值不正确');
  if (out.begin_date && out.end_date && String(out.end_date) < String(out.begin_date)) throw badRequest('结束时间不能早于开始时间');
  return out;
}

export function systemTenantRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, runtime } = ctx;
  const model = (): EntityModel => runtime.registry.get(CODE);

  app.post('/system/tenant/add', async (request: Req) => {
    const session = sessionOf(request);
    await runtime.access.demand(session, model(), 'add');
    const body = request.body as Record<string, unknown> | undefined;
    const number = Number(body?.id);
    if (!Number.isInteger(number) || number < 1 || number > MAX_TENANT) throw badRequest('租户编号必须是正整数');
    const values = tenantValues(model(), readInput(model(), { ...body, id: undefined }).values);
    await runtime.write(session, model(), async (w) => {
      const t = w.ctx.db as Kysely<any>;
      if (await t.selectFrom('sys_tenant').select('id').where('id', '=', number).executeTakeFirst()) throw badRequest('该租户编号已存在');
      await t.insertInto('sys_tenant').values({ id: number, ...values, create_by: session.user.username, create_time: nowText() }).execute();
    });
    return ok({ id: number }, '添加成功！');
  });
}
