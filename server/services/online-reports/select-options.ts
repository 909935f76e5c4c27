import type { Session } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../http/envelope.ts';
import { conditionSql } from '../../engine/schema/condition.ts';
import { resolveTableDict } from '../../engine/read/table-dict.ts';

/*
 * querySelectOptions for the linked dropdown: one level of a tree table. Level 1 narrows by a condition
 * (the declarative JSON grammar, never SQL text) or takes the roots; later levels send pidValue, the id of
 * the option chosen one level up. Only tables whose document declares entity.dictSource with a pid may
 * be named, and only with the columns it lists. Options are read through the caller's scoped reader: only
 * rows of their tenants (and tenant 0, shared) that the data rules of their roles let them see.
 */

export interface LinkOption {
  id: string;
  store: string;
  label: string;
}

type Query = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const ROOTS = ['', '0'];
export const MAX_LINK_OPTIONS = 1000;

export async function linkOptions(ctx: AppContext, session: Session, q: Query): Promise<LinkOption[]> {
  const dict = resolveTableDict(ctx.runtime.registry, text(q.table), text(q.txt), text(q.key), text(q.condition) || undefined);
  const source = dict.model.doc.entity.dictSource!;
  const idField = text(q.idField) || 'id';
  const pidField = text(q.pidField);
  const refused = () => badRequest(`字典表或字段未授权: ${[dict.model.table, idField, pidField].join(',').slice(0, 100)}`);
  if (!source.pid || pidField !== source.pid || !(idField === 'id' || source.code.includes(idField))) throw refused();
  const pidValue = text(q.pidValue);
  if (pidValue.length > 64) throw badRequest('pidValue 格式不正确');

  const reader = await ctx.runtime.reader(session);
  let query = (await reader.scoped(dict.model)).select([`${idField} as id`, `${dict.code} as store`, `${dict.text} as label`]);
  if (pidValue) query = query.where(pidField, '=', pidValue);
  else if (dict.condition) query = query.where((eb) => conditionSql(eb, dict.condition!));
  else query = query.where((eb) => eb.or([eb(pidField, 'is', null), eb(pidField, 'in', ROOTS)]));
  const rows = await query.orderBy(dict.text).limit(MAX_LINK_OPTIONS).execute();
  return rows.map((r) => ({ id: String(r.id ?? ''), store: String(r.store ?? ''), label: String(r.label ?? '') }));
}
