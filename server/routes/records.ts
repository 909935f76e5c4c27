import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Session } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { ApiError, badRequest, notFound, ok } from '../http/envelope.ts';
import { readWorkbook, XLSX_TYPE } from '../engine/io/excel.ts';
import { exportRows } from '../engine/io/export.ts';
import { ExcelRun } from '../engine/io/excel-run.ts';
import type { EntityModel } from '../engine/schema/model.ts';
import { planList } from '../engine/read/query.ts';
import { pageOut, recordOut } from '../engine/wire.ts';
import { checkId, readInput } from '../engine/write/record-input.ts';
import { transitionRecord } from './transitions.ts';

/*
 * The generic API of every document: /{area}/{entity}/list|queryById|add|edit|delete|deleteBatch|
 * exportXls|importExcel|transition. The routes are public to the router so that a path naming no document answers
 * 404 with or without a token (there is nothing there to protect); each handler resolves the document
 * first, then the session, then the permission its action needs.
 */

type Req = FastifyRequest<{ Params: { area: string; entity: string }; Querystring: Record<string, unknown> }>;

const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
const AREA = /^[a-z][a-z0-9_]{0,62}$/;
const ENTITY = /^[a-zA-Z][a-zA-Z0-9_]{0,62}$/;

export function crudRoutes(app: FastifyInstance, ctx: AppContext) {
  const { runtime } = ctx;

  async function open(request: Req): Promise<{ model: EntityModel; session: Session }> {
    const { area, entity } = request.params;
    const model = AREA.test(area) && ENTITY.test(entity) ? runtime.find(area, entity) : undefined;
    if (!model) throw notFound('很抱歉，资源未找到!');
    request.session = await ctx.sessions.resolve(request);
    return { model, session: request.session };
  }

  const route = { config: { public: true } };

  app.get('/:area/:entity/list', route, async (request: Req) => {
    const { model, session } = await open(request);
    await runtime.access.demandView(session, model);
    const plan = planList(model, request.query);
    await runtime.access.demandPlan(session, model, plan);
    return ok(pageOut(runtime.registry, model, await (await runtime.reader(session)).page(model, plan)));
  });

  app.get('/:area/:entity/queryById', route, async (request: Req) => {
    const { model, session } = await open(request);
    await runtime.access.demandView(session, model);
    return ok(recordOut(runtime.registry, model, await (await runtime.reader(session)).byId(model, checkId(request.query.id))));
  });

  app.post('/:area/:entity/add', route, async (request: Req) => {
    const { model, session } = await open(request);
    await runtime.access.demand(session, model, 'add');
    const input = readInput(model, request.body);
    // Ids are generated, unless the document lets the user choose them (entity.chosenId: 租户编号).
    const record = await runtime.write(session, model, (w) => w.add(model, { ...input, id: model.doc.entity.chosenId ? input.id : undefined }));
    return ok({ id: record.id }, '添加成功！');
  });

  const edit = async (request: Req) => {
    const { model, session } = await open(request);
    await runtime.access.demand(session, model, 'edit');
    const input = readInput(model, request.body);
    if (input.id) await runtime.access.demandInScope(session, model, [input.id]);
    const record = await runtime.write(session, model, (w) => w.edit(model, input));
    return ok({ id: record.id }, '编辑成功!');
  };
  app.put('/:area/:entity/edit', route, edit);
  app.post('/:area/:entity/edit', route, edit);

  app.delete('/:area/:entity/delete', route, async (request: Req) => {
    const { model, session } = await open(request);
    await runtime.access.demand(session, model, 'delete');
    const id = checkId(request.query.id);
    await runtime.access.demandInScope(session, model, [id]);
    await runtime.write(session, model, (w) => w.remove(model, id));
    return ok(null, '删除成功!');
  });

  app.delete('/:area/:entity/deleteBatch', route, async (request: Req) => {
    const { model, session } = await open(request);
    await runtime.access.demand(session, model, 'batchDelete');
    const ids = [
      ...new Set(
        String(request.query.ids ?? '')
          .split(',')
          .filter(Boolean),
      ),
    ];
    if (!ids.length) throw badRequest('请选择要删除的记录');
    if (ids.length > 1000) throw badRequest('一次最多删除1000条记录');
    ids.forEach(checkId);
    await runtime.access.demandInScope(session, model, ids);
    await runtime.write(session, model, async (w) => {
      for (const id of ids) await w.remove(model, id);
    });
    return ok(null, '批量删除成功!');
  });

  app.post('/:area/:entity/transition', route, async (request: Req) => {
    const { model, session } = await open(request);
    return transitionRecord(ctx, model, session, request.body);
  });

  app.get('/:area/:entity/exportXls', route, async (request: Req, reply) => {
    const { model, session } = await open(request);
    await runtime.access.demand(session, model, 'export');
    const { runKey, ...query } = request.query;
    const plan = planList(model, query);
    await runtime.access.demandPlan(session, model, plan);
    const reader = await runtime.reader(session);
    const run = await ExcelRun.start(ctx.db, 'export', runKey, session.user.id, model.table, 0);
    const file = await run.track(() => exportRows(reader, model, plan, run));
    return reply
      .type(XLSX_TYPE)
      .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${model.title}.xlsx`)}`)
      .send(file);
  });

  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, parts: 12 } });
    scope.post('/:area/:entity/importExcel', route, async (request: Req) => {
      const { model, session } = await open(request);
      await runtime.access.demand(session, model, 'import');
      const { file, fields } = await uploadedFile(request);
      const sheet = await readWorkbook(file);
      const run = await ExcelRun.start(ctx.db, 'import', fields.runKey, session.user.id, model.table, sheet.rows.length);
      const count = await runtime.importSheet(session, model, sheet, run);
      return ok({ count }, `导入成功，共${count}条`);
    });
  });
}

/** The uploaded file, and the form's text fields (runKey: the browser's name for this import's progress). */
async function uploadedFile(request: FastifyRequest): Promise<{ file: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw badRequest('请使用 multipart/form-data 上传文件');
  let file: Buffer | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      // Every file part must be read to its end, or the next part never comes.
      const bytes = await part.toBuffer();
      if (part.fieldname === 'file' && !file) file = bytes;
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, `文件大小不能超过${MAX_IMPORT_BYTES / 1024 / 1024}MB`);
    throw error;
  }
  if (!file?.length) throw badRequest('请选择要导入的文件');
  return { file, fields };
}
