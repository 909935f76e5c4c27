import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { type Session, sessionOf } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { badRequest, noAuth, notFound, ok } from '../http/envelope.ts';
import { grantsOf } from '../services/permissions.ts';
import { XLSX_TYPE } from '../engine/io/excel.ts';
import { reportMenuIdOf } from '../engine/schema/menus.ts';
import type { EntityModel } from '../engine/schema/model.ts';
import { reportWorkbook } from '../engine/io/report-excel.ts';
import { findReport, readRange, ReportRunner } from '../engine/read/reports.ts';
import { reportOut } from '../engine/wire.ts';
import { propertyOf } from '../../src/core/schema/field-names.ts';
import type { ReportDef } from '../../src/core/schema/types.generated.ts';

/*
 * GET /{area}/{entity}/report/{code}?begin&end[&dimensions=a,b] and …/exportXls: a declared report for a
 * date range. Running it needs the report's menu entry (a role holding the screen may read its figures);
 * the export is the same figures as a workbook.
 */

type Req = FastifyRequest<{ Params: { area: string; entity: string; code: string }; Querystring: Record<string, unknown> }>;

const NAME = /^[a-zA-Z][a-zA-Z0-9_]{0,62}$/;

/**
 * A dimension a request names, by its key as the document names it (payMethod), as the engine's report
 * names it (pay_method); a key in column form where the document names it otherwise is refused, saying which.
 */
function dimensionOf(report: ReportDef, key: string): string {
  const byProperty = new Map(report.dimensions.map((d) => [propertyOf(d.key), d.key]));
  const found = byProperty.get(key);
  if (found !== undefined) return found;
  const property = propertyOf(key);
  throw badRequest(`报表没有维度：${key.slice(0, 50)}${property !== key && byProperty.has(property) ? `（应写作 ${property}）` : ''}`);
}

export function reportRoutes(app: FastifyInstance, ctx: AppContext) {
  const { runtime, db } = ctx;

  /** Through a role or a department role (grantsOf), as every other permission check. */
  async function holdsMenu(session: Session, menuId: string): Promise<boolean> {
    const held = await db
      .selectFrom(grantsOf(db, session.user.id))
      .innerJoin('sys_permission as p', 'p.id', 'g.permission_id')
      .select(sql`1`.as('one'))
      .where('g.permission_id', '=', menuId)
      .where('p.del_flag', '=', 0)
      .limit(1)
      .executeTakeFirst();
    return !!held;
  }

  async function open(request: Req) {
    const { area, entity, code } = request.params;
    const model: EntityModel | undefined = [area, entity, code].every((p) => NAME.test(p)) ? runtime.find(area, entity) : undefined;
    const report = model && findReport(model, code);
    if (!model || !report) throw notFound('很抱歉，资源未找到!');
    if (!(await holdsMenu(sessionOf(request), reportMenuIdOf(model.code, report.code)))) throw noAuth(`没有权限访问【${report.title}】，请联系管理员授权`);
    const range = readRange(request.query, report);
    const runner = new ReportRunner(db, await runtime.reader(sessionOf(request)));
    return { model, report, range, runner };
  }

  app.get('/:area/:entity/report/:code', async (request: Req) => {
    const { model, report, range, runner } = await open(request);
    const only =
      typeof request.query.dimensions === 'string' && request.query.dimensions
        ? request.query.dimensions.split(',').map((key) => dimensionOf(report, key))
        : undefined;
    return ok(reportOut(await runner.run(model, report, range, only)));
  });

  app.get('/:area/:entity/report/:code/exportXls', async (request: Req, reply) => {
    const { model, report, range, runner } = await open(request);
    const file = await reportWorkbook(await runner.run(model, report, range));
    const name = `${report.title}_${range.begin}_${range.end}.xlsx`;
    return reply
      .type(XLSX_TYPE)
      .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
      .send(file);
  });
}
