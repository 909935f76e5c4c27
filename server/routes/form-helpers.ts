import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { toSnake } from '../../src/core/schema/field-names.ts';
import { GUEST_USERNAME, sessionOf } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { badRequest, forbidden, notFound, ok } from '../http/envelope.ts';
import { nowText } from '../lib/time.ts';
import { loadRule, nextCode } from '../engine/write/fill-rules.ts';
import { parseTyped } from '../engine/schema/values.ts';
import { isTaken } from '../engine/write/record-checks.ts';

/*
 * The documents themselves (for SchemaPage), and the form helpers of spec section 7: duplicate check
 * over fields a document declares unique, and the next code of a fill rule.
 */

const CODE = /^[a-z][a-z0-9_]*\/[a-z][a-z0-9_]*$/;
type Query = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

export const DUPLICATE_MESSAGE = '该值不可用，系统中已存在！';

export function helperRoutes(app: FastifyInstance, ctx: AppContext) {
  const { runtime } = ctx;

  app.get<{ Querystring: Query }>('/sys/schema/get', async (request) => {
    const code = text(request.query.code);
    if (!CODE.test(code)) throw badRequest('表单编码格式不正确');
    const model = runtime.registry.find(code);
    if (!model) throw notFound(`表单不存在: ${code}`);
    return ok(model.source);
  });

  app.get('/sys/schema/list', async () =>
    ok(
      runtime.registry
        .all()
        .map((m) => ({ code: m.code, title: m.title }))
        .sort((a, b) => a.code.localeCompare(b.code)),
    ),
  );

  app.get<{ Querystring: Query }>('/sys/duplicate/check', async (request, reply) => {
    const q = request.query;
    const model = runtime.registry.byTable(text(q.tableName));
    const name = toSnake(text(q.fieldName));
    const field = model?.field.get(name);
    if (!model || !field?.unique) throw badRequest(`该字段不支持重复校验: ${[text(q.tableName), text(q.fieldName)].join('.').slice(0, 100)}`);
    const session = sessionOf(request);
    await runtime.access.demandView(session, model);
    const raw = typeof q.fieldVal === 'string' ? q.fieldVal : '';
    if (raw === '') return ok(null, '该值可用！');
    const parsed = parseTyped(field, raw);
    if (!parsed.ok) throw badRequest(`${field.label}格式不正确`);
    // The same check a save makes: per tenant where the document says so (a new record is the session's tenant's).
    if (await isTaken(ctx.db as Kysely<any>, model, [name], { [name]: parsed.value }, text(q.dataId), session.tenantId))
      return reply.send({ success: false, message: DUPLICATE_MESSAGE, code: 200, result: null, timestamp: Date.now() });
    return ok(null, '该值可用！');
  });

  const fillRule = async (request: FastifyRequest<{ Params: { code: string } }>) => {
    if (sessionOf(request).user.username === GUEST_USERNAME) throw forbidden('访客不能生成编码');
    const code = text(request.params.code);
    if (!/^[a-z][a-z0-9_]{0,62}$/.test(code)) throw badRequest('编码规则格式不正确');
    const rule = await loadRule(ctx.db, code);
    return ok(await ctx.db.transaction().execute((trx) => nextCode(trx, rule, nowText())));
  };
  app.get('/sys/fillRule/executeRuleByCode/:code', fillRule);
  app.put('/sys/fillRule/executeRuleByCode/:code', fillRule);
  app.post('/sys/fillRule/executeRuleByCode/:code', fillRule);
}
