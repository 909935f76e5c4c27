import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionOf } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { badRequest, ok } from '../http/envelope.ts';
import type { ActionKey } from '../engine/schema/menus.ts';
import { registerOperation } from '../engine/write/operations.ts';
import { FormPublisher } from '../services/form-publish.ts';
import { copyForm, removeForm } from '../services/online-form-admin.ts';
import { codeOf, OnlineForms, readSaveInput, toRecord } from '../services/online-forms.ts';

/*
 * Online forms (spec section 7, "Online reports and forms"): the designer saves designs as versioned
 * records, lists them (/form/formConfiguration/list, tableTypes '1,2'), reads the sub-forms a batch
 * may use (sublist) and publishes a design as a screen. Permissions are the buttons of the
 * online/desform document (schemas/online/desform.json): add, edit, detail and publish.
 */

export const RECORDS_DOC = 'online/desform';
type Query = Record<string, unknown>;
const query = (request: FastifyRequest) => (request.query ?? {}) as Query;
const body = (request: FastifyRequest) =>
  request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};

function typesOf(value: unknown): number[] {
  if (value === undefined || value === '') return [];
  const parts = String(value)
    .split(',')
    .map((s) => s.trim());
  if (!parts.every((p) => p === '1' || p === '2')) throw badRequest('tableTypes 只能是 1、2 或 1,2');
  return parts.map(Number);
}

function rolesOf(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  const list = Array.isArray(value) ? value : String(value).split(',');
  const roles = list.map((r) => (typeof r === 'string' ? r.trim() : '')).filter(Boolean);
  if (roles.length !== list.length || roles.some((r) => !/^[A-Za-z][A-Za-z0-9_]{0,49}$/.test(r))) throw badRequest('角色编码格式不正确');
  return [...new Set(roles)];
}

// The list screen's row button 发布 (list.operations of online/desform): publishes the record's latest design, keeping the grants made so far.
registerOperation(RECORDS_DOC, 'publish', async ({ ctx, session, id }) => {
  const forms = new OnlineForms(ctx.db);
  const row = await forms.byId(id);
  const result = await new FormPublisher(forms, ctx.runtime).publish(row.desform_code, [], session.user.username);
  return { message: '发布成功', result };
});
registerOperation(RECORDS_DOC, 'copy', ({ ctx, session, id, input }) => copyForm(new OnlineForms(ctx.db), session, id, input));
registerOperation(RECORDS_DOC, 'remove', ({ ctx, id, input }) => removeForm(ctx.db, new OnlineForms(ctx.db), ctx.runtime, id, input));

export function onlineFormRoutes(app: FastifyInstance, ctx: AppContext) {
  const { runtime } = ctx;
  const forms = new OnlineForms(ctx.db);
  const publisher = new FormPublisher(forms, runtime);
  const records = () => runtime.registry.get(RECORDS_DOC);
  const demand = (request: FastifyRequest, action: ActionKey | 'publish') =>
    action === 'publish'
      ? ctx.permissions.demand(sessionOf(request).user.id, `${records().prefix}:publish`)
      : runtime.access.demand(sessionOf(request), records(), action);
  const demandView = (request: FastifyRequest) => runtime.access.demandView(sessionOf(request), records());

  app.get('/form/formConfiguration/list', async (request) => {
    await demandView(request);
    return ok(await forms.list(typesOf(query(request).tableTypes)));
  });

  // The sub-forms (child documents) named in subTableStr, with their fields: what a batch sub-table can store rows in.
  app.get('/form/formConfiguration/sublist', async (request) => {
    const codes = String(query(request).subTableStr ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (codes.length > 50) throw badRequest('subTableStr 最多 50 个表单');
    const session = sessionOf(request);
    const result = [];
    for (const code of codes) {
      const model = runtime.registry.find(code);
      if (!model?.doc.entity.parent || !(await runtime.access.canView(session, model))) continue;
      // Named as the document names them, by property (memberName, parentId): what the sub-table's rows carry.
      const parent = model.doc.entity.parent;
      result.push({
        code: model.code,
        title: model.title,
        parent: { ...parent, field: model.wire.wireName(parent.field) },
        fields: model.fields.map((f) => ({ name: model.wire.wireName(f.name), label: f.label, type: f.type })),
      });
    }
    return ok(result);
  });

  app.get('/form/formConfiguration/queryByCode', async (request) => {
    await demandView(request);
    const q = query(request);
    const code = codeOf(q.desformCode);
    const record = toRecord(await forms.get(code));
    if (q.version === undefined || q.version === '') return ok(record);
    const version = Number(q.version);
    if (!Number.isInteger(version) || version < 1) throw badRequest('版本号必须是正整数');
    return ok({ ...record, version, desformDesignJson: await forms.version(code, version) });
  });

  app.get('/form/formConfiguration/versions', async (request) => {
    await demandView(request);
    return ok(await forms.versions(codeOf(query(request).desformCode)));
  });

  app.post('/form/formConfiguration/save', async (request) => {
    const input = readSaveInput(body(request));
    await demand(request, (await forms.find(input.desformCode)) ? 'edit' : 'add');
    const { user, tenantId } = sessionOf(request);
    return ok(await forms.save(input, { username: user.username, orgCode: user.org_code, tenantId }), '保存成功');
  });

  app.post('/form/formConfiguration/publish', async (request) => {
    await demand(request, 'publish');
    const b = body(request);
    const result = await publisher.publish(codeOf(b.desformCode), rolesOf(b.roles), sessionOf(request).user.username);
    return ok(result, '发布成功');
  });

  // The roles a publication may grant its new menu to.
  app.get('/form/formConfiguration/roles', async (request) => {
    await demand(request, 'publish');
    const roles = await runtime.scoped(sessionOf(request), 'system/role');
    return ok(await roles.select(['role_code as roleCode', 'role_name as roleName']).orderBy('role_code').execute());
  });
}
