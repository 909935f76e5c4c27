import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordsOut } from '../engine/wire.ts';
import type { Kysely } from 'kysely';
import { type Session, sessionOf } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { badRequest, notFound, ok } from '../http/envelope.ts';
import type { EntityModel } from '../engine/schema/model.ts';
import { planList } from '../engine/read/query.ts';
import { checkId } from '../engine/write/record-input.ts';
import type { Registry } from '../engine/schema/registry.ts';

/*
 * The recycle bin of entities declaring `softDelete` (a deleted dictionary): the deleted rows, restoring
 * one, deleting one for good. Each needs the entity's delete permission; all go through runtime.write so
 * caches that depend on the table (dictionaries) are dropped once committed.
 */

type Req = FastifyRequest<{ Params: { area: string; entity: string; id?: string }; Querystring: Record<string, unknown> }>;

/** Runs `work` on each of `ids` inside one write transaction; 400 when one names no deleted row. */
export async function inRecycleBin(
  ctx: AppContext,
  session: Session,
  model: EntityModel,
  ids: string[],
  work: (db: Kysely<any>, model: EntityModel, id: string) => Promise<void>,
): Promise<void> {
  const flag = model.doc.entity.softDelete;
  if (!flag) throw notFound('很抱歉，资源未找到!');
  await ctx.runtime.access.demand(session, model, 'delete');
  await ctx.runtime.access.demandInScope(session, model, ids);
  await ctx.runtime.write(session, model, async (w) => {
    for (const id of ids) {
      const found = await w.ctx.db.selectFrom(model.table).select('id').where('id', '=', id).where(flag, '=', 1).forUpdate().executeTakeFirst();
      if (!found) throw badRequest('回收站中没有这条记录');
      await work(w.ctx.db, model, id);
    }
    w.touched.add(model.table);
  });
}

/** Deletes a deleted row for good (彻底删除), with its sub-table rows. */
export const purgeRow = async (registry: Registry, db: Kysely<any>, model: EntityModel, id: string) => {
  for (const child of registry.childrenOf(model.code)) await db.deleteFrom(child.table).where(child.doc.entity.parent!.field, '=', id).execute();
  await db.deleteFrom(model.table).where('id', '=', id).execute();
};

/** Restores a deleted row (还原). */
export const restoreRow = async (db: Kysely<any>, model: EntityModel, id: string) => {
  await db
    .updateTable(model.table)
    .set({ [model.doc.entity.softDelete!]: 0 })
    .where('id', '=', id)
    .execute();
};

export function recycleRoutes(app: FastifyInstance, ctx: AppContext) {
  const { runtime } = ctx;

  async function open(request: Req): Promise<{ model: EntityModel; session: Session }> {
    const { area, entity } = request.params;
    const model = /^[a-z][a-z0-9_]{0,62}$/.test(area) && /^[a-zA-Z][a-zA-Z0-9_]{0,62}$/.test(entity) ? runtime.find(area, entity) : undefined;
    if (!model?.doc.entity.softDelete) throw notFound('很抱歉，资源未找到!');
    request.session = await ctx.sessions.resolve(request);
    await runtime.access.demand(request.session, model, 'delete');
    return { model, session: request.session };
  }

  const route = { config: { public: true } };

  // Through the reader: another tenant's deleted rows are not in this user's bin (nor outside their data rules).
  async function listDeleted(session: Session, model: EntityModel, query: Record<string, unknown>) {
    const plan = planList(model, query);
    await runtime.access.demandPlan(session, model, plan);
    const reader = await runtime.reader(session);
    return ok(recordsOut(runtime.registry, model, await reader.decorate(model, await reader.deletedRows(model, plan))));
  }

  app.get('/:area/:entity/deleteList', route, async (request: Req) => {
    const { model, session } = await open(request);
    return listDeleted(session, model, request.query);
  });

  /*
   * JeecgBoot's user screen names its recycle bin differently and acts on several users at once:
   * GET recycleBin, PUT putRecycleBin { userIds }, DELETE deleteRecycleBin?userIds=.
   */
  const users = () => runtime.registry.get('system/user');
  const userIds = (raw: unknown) => {
    const ids = [
      ...new Set(
        String(raw ?? '')
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ]
      .slice(0, 1000)
      .map(checkId);
    if (!ids.length) throw badRequest('请选择用户');
    return ids;
  };
  app.get('/system/user/recycleBin', async (request: Req) => {
    const session = sessionOf(request);
    await runtime.access.demand(session, users(), 'delete');
    return listDeleted(session, users(), request.query);
  });
  app.put('/system/user/putRecycleBin', async (request: Req) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    await inRecycleBin(ctx, sessionOf(request), users(), userIds(body.userIds ?? request.query.userIds), restoreRow);
    return ok(null, '还原成功!');
  });
  app.delete('/system/user/deleteRecycleBin', async (request: Req) => {
    await inRecycleBin(ctx, sessionOf(request), users(), userIds(request.query.userIds), (db, model, id) => purgeRow(runtime.registry, db, model, id));
    return ok(null, '已彻底删除!');
  });

  /** Runs on one deleted row inside a write transaction; 400 when the id names no deleted row. */
  async function onDeleted(request: Req, work: (db: Kysely<any>, model: EntityModel, id: string) => Promise<void>) {
    const { model, session } = await open(request);
    // JeecgBoot's clients put the id in the path (PUT /sys/dict/back/{id}), ours in the query.
    await inRecycleBin(ctx, session, model, [checkId(request.params.id ?? request.query.id)], work);
  }

  const back = async (request: Req) => {
    await onDeleted(request, restoreRow);
    return ok(null, '还原成功!');
  };
  app.put('/:area/:entity/back', route, back);
  app.put('/:area/:entity/back/:id', route, back);

  const deletePhysic = async (request: Req) => {
    await onDeleted(request, (db, model, id) => purgeRow(runtime.registry, db, model, id));
    return ok(null, '已彻底删除!');
  };
  app.delete('/:area/:entity/deletePhysic', route, deletePhysic);
  app.delete('/:area/:entity/deletePhysic/:id', route, deletePhysic);
}
