import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionOf } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { badRequest, notFound, ok } from '../http/envelope.ts';
import { CategoryService } from '../services/categories.ts';

/*
 * The category tree dictionary's read calls (spec section 7). Like the other dictionary helpers they
 * serve every signed-in user: a category picker in any form needs them. Writes go through the generic
 * CRUD of the system/category document and its permissions. Reads go through the caller's scoped
 * reader (tenant, the 分类字典 screen's data rules).
 */

type Query = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

export function categoryRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = async (request: FastifyRequest) => {
    const model = ctx.runtime.find('system', 'category');
    if (!model) throw notFound('分类字典未配置');
    return new CategoryService(await ctx.runtime.reader(sessionOf(request)), model);
  };

  app.get<{ Querystring: Query }>('/sys/category/loadTreeData', async (request) => ok(await (await service(request)).treeData(request.query)));

  app.get<{ Querystring: Query }>('/sys/category/loadTreeRoot', async (request) =>
    ok(await (await service(request)).roots(request.query.pcode, request.query.condition)),
  );

  app.get<{ Querystring: Query }>('/sys/category/loadTreeChildren', async (request) => {
    const pid = text(request.query.pid);
    if (!pid) throw badRequest('pid 不能为空');
    return ok(await (await service(request)).children(pid));
  });

  const loadDictItem = async (request: FastifyRequest<{ Querystring: Query }>) => ok(await (await service(request)).names(request.query.ids));
  app.get<{ Querystring: Query }>('/sys/category/loadDictItem', loadDictItem);
  app.get<{ Querystring: Query }>('/sys/category/loadDictItem/', loadDictItem);

  app.get<{ Querystring: Query }>('/sys/category/loadOne', async (request) => {
    const value = text(request.query.val);
    if (!value || value.length > 100) throw badRequest('请提供查询值');
    const found = await (await service(request)).one(text(request.query.field) || 'code', value);
    if (!found) throw notFound('未找到对应分类');
    return ok(found);
  });
}
