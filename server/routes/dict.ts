import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { badRequest, ok } from '../http/envelope.ts';

const DICT_CODE = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;

/** System dictionary lookups (spec section 7, "Dictionaries"). */
export function dictRoutes(app: FastifyInstance, { dictionaries }: AppContext) {
  app.get<{ Params: { code: string } }>('/sys/dict/getDictItems/:code', async (request) => {
    const code = request.params.code?.trim();
    if (!code) throw badRequest('字典Code不能为空!');
    if (!DICT_CODE.test(code)) throw badRequest(`字典Code格式不正确: ${code.slice(0, 50)}`);
    return ok(await dictionaries.items(code));
  });

  app.get('/sys/dict/queryAllDictItems', async () => ok(await dictionaries.allItems()));

  app.get('/sys/dict/refleshCache', async () => {
    dictionaries.refresh();
    return ok(null, '刷新缓存完成！');
  });
}
