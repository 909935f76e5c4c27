import { sql } from 'kysely';
import type { Session } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../http/envelope.ts';
import { conditionSql } from '../schema/condition.ts';
import { resolveTableDict } from './table-dict.ts';

/*
 * loadTreeData: one level of a tree dictionary (the children of `pid`, or the roots). Only over tables
 * whose dictSource declares the pid column (and, when the caller names one, the hasChild column).
 */

export interface TreeNode {
  key: string;
  value: string;
  title: string;
  label: string;
  pid: string | null;
  isLeaf: boolean;
  leaf: boolean;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const ROOTS = ['', '0'];

export async function loadTree(ctx: AppContext, session: Session, q: Record<string, unknown>): Promise<TreeNode[]> {
  const dict = resolveTableDict(ctx.runtime.registry, text(q.tableName), text(q.text), text(q.code), text(q.condition) || undefined);
  const source = dict.model.doc.entity.dictSource!;
  const pidField = text(q.pidField) || source.pid;
  const hasChild = text(q.hasChildField) || undefined;
  if (!source.pid || pidField !== source.pid || (hasChild && hasChild !== source.hasChild)) {
    throw badRequest(`字典表或字段未授权: ${[dict.model.table, pidField, hasChild].filter(Boolean).join(',')}`);
  }
  const pid = text(q.pid);
  if (pid.length > 64) throw badRequest('pid 格式不正确');
  const childColumn = hasChild ?? source.hasChild;
  // Both the nodes and the children that make a node expandable are the ones the asking user may see
  // (tenant, data rules, soft delete), as their list of the table would show them.
  const reader = await ctx.runtime.reader(session);
  const visibleChildren = (await reader.scoped(dict.model, 'c')).select(sql.lit(1).as('one')).whereRef(`c.${pidField}`, '=', `t.${dict.code}`);
  let query = (await reader.scoped(dict.model, 't'))
    .select([`t.${dict.code} as value`, `t.${dict.text} as text`, `t.${pidField} as pid`])
    .select((eb) => (childColumn ? sql<unknown>`${sql.ref(`t.${childColumn}`)}`.as('has_child') : eb.exists(visibleChildren).as('has_child')));
  query = ROOTS.includes(pid)
    ? query.where((eb) => eb.or([eb(`t.${pidField}`, 'is', null), eb(`t.${pidField}`, 'in', ROOTS)]))
    : query.where(`t.${pidField}`, '=', pid);
  if (dict.condition) query = query.where((eb) => conditionSql(eb, dict.condition!));
  const rows = await query.orderBy(`t.${dict.text}`).limit(1000).execute();
  return rows.map((r) => {
    const leaf = !(r.has_child === true || r.has_child === 1 || r.has_child === '1');
    const t = String(r.text ?? '');
    return { key: String(r.value), value: String(r.value), title: t, label: t, pid: r.pid === null ? null : String(r.pid), isLeaf: leaf, leaf };
  });
}
