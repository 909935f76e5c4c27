import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { ApiError, badRequest, notFound, ok } from '../http/envelope.ts';
import { registerOperation, registerPublishOperation } from '../engine/write/operations.ts';
import { chartData, demandChartReader } from '../services/graph-reports/data.ts';
import { dashboardGraphRows, graphOf, loadGraph } from '../services/graph-reports/definitions.ts';
import type { DashboardGraph } from '../../src/core/api-types.ts';

/*
 * 图表报表: a chart's figures (getChartsData, by code; the source's query items pass through to an online
 * report) and the charts the home dashboard shows to this user. The code in the path is only ever a bound value.
 */

const KEY = /^[A-Za-z0-9_]{1,100}$/;

/** 图表配置's 发布: the chart's screen as a menu entry (url /online/graphreport/chart/{code}). */
registerPublishOperation('online/graph_report', {
  table: 'onl_graphreport_head',
  component: 'graphreport',
  url: '/online/graphreport/chart',
  icon: 'bar-chart',
  what: '图表',
  kindName: '图表报表',
});

/** 图表配置's 测试: the figures as the signed-in user would read them. */
registerOperation('online/graph_report', 'test', async ({ ctx, session, id }) => {
  const def = await loadGraph(ctx.db, { id });
  if (!def) throw notFound(`图表不存在: ${id}`);
  const data = await chartData(ctx, session, def);
  return { message: `测试成功，共${data.rows.length}组，系列: ${data.series.map((s) => s.label).join('、')}`, result: data };
});

export function graphReportRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { code: string }; Querystring: Record<string, unknown> }>('/online/graphreport/api/getChartsData/:code', async (request) => {
    const { code } = request.params;
    if (!KEY.test(code)) throw badRequest('图表编码格式不正确');
    const def = await loadGraph(ctx.db, { code });
    if (!def) throw notFound(`图表不存在: ${code}`);
    return ok(await chartData(ctx, sessionOf(request), def, request.query));
  });

  // The dashboard's chart blocks: those marked for it that this user may read, in their order.
  app.get('/online/graphreport/api/dashboard', async (request) => {
    const session = sessionOf(request);
    const shown: DashboardGraph[] = [];
    for (const row of await dashboardGraphRows(ctx.db)) {
      try {
        const def = graphOf(row);
        await demandChartReader(ctx, session, def);
        shown.push({ code: def.code, name: def.name });
      } catch (error) {
        // Not this user's to read, or a broken definition: the block is left out, the rest still show.
        if (!(error instanceof ApiError)) throw error;
      }
    }
    return ok(shown);
  });
}
