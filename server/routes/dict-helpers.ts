import type { FastifyInstance } from 'fastify';
import type { Session } from '../auth/session.ts';
import { sessionOf } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { badRequest, ok } from '../http/envelope.ts';
import { resolveTableDict } from '../engine/read/table-dict.ts';
import { dictOptions } from '../services/dict-options.ts';
import { loadTree } from '../engine/read/tree-dict.ts';

/*
 * Dictionary helpers of spec section 7 over both kinds of dictionary: a system dictionary code
 * ('pay_status') or a table dictionary ('donation_activity,activity_name,id[,condition]').
 */

const MAX_KEYS = 200;
export const MAX_SEARCH = 50;

type Query = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v : '');

export function keysOf(raw: unknown): string[] {
  const keys = text(raw)
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  if (keys.length > MAX_KEYS) throw badRequest(`一次最多查询${MAX_KEYS}个值`);
  return keys;
}

/** The texts of some codes, in the order asked; a code with no item stands for itself. */
async function textsOf(ctx: AppContext, session: Session, spec: string, keys: string[]): Promise<string[]> {
  const options = keys.length ? await dictOptions(ctx, session, spec, { keys }) : [];
  return keys.map((k) => options.find((o) => o.value === k)?.text ?? k);
}

interface FlowRequest {
  type?: string;
  code?: string;
  value?: string;
  label?: string;
  key?: string;
}

function flowRequests(body: unknown): FlowRequest[] {
  let list: unknown = body;
  if (body && typeof body === 'object' && !Array.isArray(body)) list = (body as Query).jsonStr ?? (body as Query).list;
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list);
    } catch {
      throw badRequest('字典请求格式不正确');
    }
  }
  if (!Array.isArray(list) || list.length > MAX_SEARCH || list.some((r) => !r || typeof r !== 'object')) throw badRequest('字典请求格式不正确');
  return list as FlowRequest[];
}

export function dictHelperRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Querystring: Query }>('/sys/dict/queryTableDictTextByKey', async (request) => {
    const q = request.query;
    const dict = resolveTableDict(ctx.runtime.registry, text(q.table), text(q.text), text(q.code));
    return ok((await textsOf(ctx, sessionOf(request), `${dict.model.table},${dict.text},${dict.code}`, keysOf(q.key))).join(','));
  });

  app.get<{ Params: { dict: string; key: string } }>('/sys/dict/queryTableDictTextByKey/:dict/:key', async (request) => {
    const { dict, key } = request.params;
    if (!dict.includes(',')) throw badRequest(`字典表或字段未授权: ${dict.slice(0, 100)}`);
    return ok((await textsOf(ctx, sessionOf(request), dict, keysOf(key))).join(','));
  });

  app.get<{ Params: { dict: string }; Querystring: Query }>('/sys/dict/loadDictItem/:dict', async (request) => {
    return ok(await textsOf(ctx, sessionOf(request), request.params.dict, keysOf(request.query.key)));
  });

  app.get<{ Params: { dict: string }; Querystring: Query }>('/sys/dict/loadDict/:dict', async (request) => {
    const keyword = text(request.query.keyword).trim().slice(0, 100);
    return ok(
      await dictOptions(ctx, sessionOf(request), request.params.dict, {
        keyword: keyword || undefined,
        limit: MAX_SEARCH,
        condition: text(request.query.condition),
      }),
    );
  });

  app.get<{ Querystring: Query }>('/sys/dict/loadTreeData', async (request) => ok(await loadTree(ctx, sessionOf(request), request.query)));

  app.post('/sys/dict/getFlowFormDictData', async (request) => {
    const result: Record<string, { text: string; value: string }[]> = {};
    for (const r of flowRequests(request.body)) {
      const spec = r.type === 'table' ? [r.code, r.label, r.value].map((p) => String(p ?? '')).join(',') : String(r.code ?? '');
      const options = await dictOptions(ctx, sessionOf(request), spec);
      result[String(r.key ?? (r.type === 'table' ? spec : r.code))] = options.map((o) => ({ text: o.text, value: o.value }));
    }
    return ok(result);
  });
}
