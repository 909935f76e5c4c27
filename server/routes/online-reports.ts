import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { badRequest, notFound, ok } from '../http/envelope.ts';
import { demandReader, queryItems, reportColumns } from '../services/online-reports/columns.ts';
import { loadReport, type ReportDefinition } from '../services/online-reports/definitions.ts';
import { parseDataRequest, reportReader, runReport } from '../services/online-reports/query.ts';
import { linkOptions } from '../services/online-reports/select-options.ts';
import { registerOperation, registerPublishOperation } from '../engine/write/operations.ts';
import { writeSheet, XLSX_TYPE } from '../engine/io/excel.ts';
import { dictOptions } from '../services/dict-options.ts';

/*
 * Online reports (spec section 7, "Online reports and forms"): the popup's columns, query items and data,
 * and the linked dropdown's options. The report id/code in the path is only ever a bound value.
 */

const KEY = /^[A-Za-z0-9_]{1,100}$/;
const MAX_EXPORT_ROWS = 10_000;

/** 报表配置's 发布: the report's list screen as a menu entry (url /online/cgreport/{code}). */
registerPublishOperation('online/report', {
  table: 'onl_cgreport_head',
  component: 'cgreport',
  url: '/online/cgreport',
  icon: 'table',
  what: '报表',
  kindName: '在线报表',
});

/** 报表配置's 测试: the first page with the parameters' defaults, as the signed-in user would read it. */
registerOperation('online/report', 'test', async ({ ctx, session, id }) => {
  const def = await loadReport(ctx.db, { id });
  if (!def) throw notFound(`报表不存在: ${id}`);
  const page = await runReport(ctx.db, def, parseDataRequest(def, { pageSize: '10' }), await reportReader(ctx, session, def));
  const columns = Object.keys(page.records[0] ?? {});
  return { message: `测试成功，共${page.total}条${columns.length ? `，结果列: ${columns.join('、')}` : ''}`, result: page };
});
type Query = Record<string, unknown>;

export function onlineReportRoutes(app: FastifyInstance, ctx: AppContext) {
  const readable = async (by: { id: string } | { code: string }, request: Parameters<typeof sessionOf>[0]): Promise<ReportDefinition> => {
    const key = 'id' in by ? by.id : by.code;
    if (!KEY.test(key)) throw badRequest('报表编码格式不正确');
    const def = await loadReport(ctx.db, by);
    if (!def) throw notFound(`报表不存在: ${key}`);
    await demandReader(ctx, sessionOf(request), def);
    return def;
  };

  app.get<{ Params: { code: string } }>('/online/cgreport/api/getRpColumns/:code', async (request) => {
    return ok(await reportColumns(ctx, sessionOf(request), await readable({ code: request.params.code }, request)));
  });

  app.get<{ Params: { id: string } }>('/online/cgreport/api/getQueryInfo/:id', async (request) => {
    return ok(queryItems(await readable({ id: request.params.id }, request)));
  });

  app.get<{ Params: { id: string }; Querystring: Query }>('/online/cgreport/api/getData/:id', async (request) => {
    const def = await readable({ id: request.params.id }, request);
    return ok(await runReport(ctx.db, def, parseDataRequest(def, request.query), await reportReader(ctx, sessionOf(request), def)));
  });

  // The rows getData would page through (same filters, sort and scope), at most MAX_EXPORT_ROWS, as a sheet.
  app.get<{ Params: { id: string }; Querystring: Query }>('/online/cgreport/api/exportXls/:id', async (request, reply) => {
    const session = sessionOf(request);
    const def = await readable({ id: request.params.id }, request);
    const req = { ...parseDataRequest(def, request.query), pageNo: 1, pageSize: MAX_EXPORT_ROWS + 1 };
    const { records } = await runReport(ctx.db, def, req, await reportReader(ctx, session, def));
    if (records.length > MAX_EXPORT_ROWS) throw badRequest(`导出数据超过${MAX_EXPORT_ROWS}条，请增加查询条件`);
    const shown = def.items.filter((i) => i.show);
    for (const item of shown.filter((i) => i.dict)) {
      const texts = new Map((await dictOptions(ctx, session, item.dict!)).map((o) => [String(o.value), o.text]));
      for (const row of records) row[`${item.name}_dictText`] = texts.get(String(row[item.name] ?? '')) ?? '';
    }
    const file = await writeSheet(
      def.name,
      shown.map((i) => ({ name: i.name, title: i.title })),
      records,
    );
    return reply
      .type(XLSX_TYPE)
      .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${def.name}.xlsx`)}`)
      .send(file);
  });

  app.get<{ Querystring: Query }>('/online/cgform/api/querySelectOptions', async (request) => ok(await linkOptions(ctx, sessionOf(request), request.query)));
}
