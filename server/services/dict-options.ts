import type { Session } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { parseTableDictSpec, tableDictOptions } from '../engine/read/table-dict.ts';
import { badRequest } from '../http/envelope.ts';
import type { DictOption } from './dictionaries.ts';

const DICT_CODE = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;

/**
 * Options of either kind of dictionary, optionally narrowed by keyword (text contains) or by codes. A table
 * dictionary answers within the session's row scope of that table (its tenant, its roles' data rules).
 */
export async function dictOptions(
  ctx: AppContext,
  session: Session,
  spec: string,
  opts: { keyword?: string; keys?: string[]; limit?: number; condition?: string } = {},
): Promise<DictOption[]> {
  const code = spec.trim();
  if (!code) throw badRequest('字典Code不能为空!');
  if (code.includes(',')) {
    const dict = parseTableDictSpec(ctx.runtime.registry, code, opts.condition);
    return tableDictOptions(ctx.db, dict, { ...opts, scope: await ctx.runtime.access.scope(session, dict.model) });
  }
  if (!DICT_CODE.test(code)) throw badRequest(`字典Code格式不正确: ${code.slice(0, 50)}`);
  let items = await ctx.dictionaries.items(code);
  if (opts.keyword) items = items.filter((o) => o.text.includes(opts.keyword!));
  if (opts.keys) items = items.filter((o) => opts.keys!.includes(o.value));
  return items.slice(0, opts.limit ?? items.length);
}
