import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Session } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { badRequest, notFound, ok } from '../http/envelope.ts';
import { type EntityModel, readColumns } from '../engine/schema/model.ts';
import { planList } from '../engine/read/query.ts';
import { checkId } from '../engine/write/record-input.ts';

/*
 * The recycle bin of entities declaring `softDelete` (a deleted dictionary): the deleted rows, restoring
 * one, deleting one for good. Each needs the entity's delete permission; all go through runtime.write so
 * caches that depend on the table (dictionaries) are dropped once committed.
 */

type Req = FastifyRequest<{ Params: { area: string; entity: string; id?: string }; Querystring: Record<string, unknown> }>;

export function recycleRoutes(app: FastifyInstance, ctx: AppContext) {
  const { runtime } = ctx;

  async function open(request: Req): Promise<{ model: EntityModel; flag: string; session: Session }> {
    const { area, entity } = request.params;
    const model = /^[a-z][a-z0-9_]{0,62}$/.test(area) && /^[a-zA-Z][a-zA-Z0-9_]{0,62}$/.test(entity) ? runtime.find(area, entity) : undefined;
    const flag = model?.doc.entity.softDelete;
    if (!model || !flag) throw notFound('很抱歉，资源未找到!');
    request.session = await ctx.sessions.resolve(request);
    await runtime.access.demand(request.session, model, 'delete');
    return { model, flag, session: request.session };
  }

  const route = { config: { public: true } };

  app.get('/:area/:entity/deleteList', route, async (request: Req) => {
    const { model, flag, session } = await open(request);
    const plan = planList(model, request.query);
    const rows = await (ctx.db as Kysely<any>)
      .selectFrom(model.table)
      .select(readColumns(model))
      .where(flag, '=', 1)
      .orderBy(model.audit.has('update_time') ? 'update_time' : 'id', 'desc')
      .orderBy('id')
      .limit(plan.pageSize)
      .offset((plan.pageNo - 1) * plan.pageSize)
      .execute();
    return ok(await (await runtime.reader(session)).decorate(model, rows));
  });

  /** Runs on one deleted row inside a write transaction; 400 when the id names no deleted row. */
  async function onDeleted(request: Req, work: (db: Kysely<any>, model: EntityModel, id: string) => Promise<void>) {
    const { model, flag, session } = await open(request);
    // JeecgBoot's clients put the id in the path (PUT /sys/dict/back/{id}), ours in the query.
    const id = checkId(request.params.id ?? request.query.id);
    await runtime.access.demandInScope(session, model, [id]);
    await runtime.write(session, model, async (w) => {
      const found = await w.ctx.db.selectFrom(model.table).select('id').where('id', '=', id).where(flag, '=', 1).forUpdate().executeTakeFirst();
      if (!found) throw badRequest('回收站中没有这条记录');
      await work(w.ctx.db, model, id);
      w.touched.add(model.table);
    });
  }

  const back = async (request: Req) => {
    await onDeleted(request, async (db, model, id) => {
      await db.updateTable(model.table).set({ [model.doc.entity.softDelete!]: 0 }).where('id', '=', id).execute();
    });
    return ok(null, '还原成功!');
  };
  app.put('/:area/:entity/back', route, back);
  app.put('/:area/:entity/back/:id', route, back);

  const deletePhysic = async (request: Req) => {
    await onDeleted(request, async (db, model, id) => {
      for (const child of runtime.registry.childrenOf(model.code)) await db.deleteFrom(child.table).where(child.doc.entity.parent!.field, '=', id).execute();
      await db.deleteFrom(model.table).where('id', '=', id).execute();
    });
    return ok(null, '已彻底删除!');
  };
  app.delete('/:area/:entity/deletePhysic', route, deletePhysic);
  app.delete('/:area/:entity/deletePhysic/:id', route, deletePhysic);
}
