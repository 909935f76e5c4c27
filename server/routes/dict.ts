import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { dictOptions } from '../services/dict-options.ts';

/**
 * Dictionary lookups (spec section 7, "Dictionaries"): a system dictionary code, or a table dictionary
 * 'table,text,code[,condition]' over the sources the schema documents declare (the condition may also
 * come as a `condition` query parameter when it is too long for the path).
 */
export function dictRoutes(app: FastifyInstance, ctx: AppContext) {
  const { dictionaries } = ctx;
  app.get<{ Params: { code: string }; Querystring: { condition?: string } }>('/sys/dict/getDictItems/:code', async (request) => {
    const condition = typeof request.query.condition === 'string' ? request.query.condition : undefined;
    return ok(await dictOptions(ctx, sessionOf(request), request.params.code ?? '', { condition }));
  });

  app.get('/sys/dict/queryAllDictItems', async () => ok(await dictionaries.allItems()));

  app.get('/sys/dict/refleshCache', async () => {
    dictionaries.refresh();
    return ok(null, '刷新缓存完成！');
  });
}
