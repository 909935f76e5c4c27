import { sql } from 'kysely';
import { badRequest } from '../http/envelope.ts';
import type { RecordReader } from '../engine/read/reader.ts';
import { conditionFields, conditionSql, isCondition } from '../engine/schema/condition.ts';
import { columnOf, type EntityModel } from '../engine/schema/model.ts';

/*
 * The category tree dictionary (分类字典, spec section 7 "GET /sys/category/loadTreeData (pid, pcode,
 * condition)", "loadDictItem (ids)"): rows of the system/category document, a tree by pid ('0' or empty
 * for the top level). A node's value is the category's id; whether it has children is looked up, never
 * stored, so adding or deleting a category through the generic CRUD can never leave it wrong.
 *
 * Every read starts from the request's scoped reader: the caller's tenants (the seeded tree has tenant 0,
 * shared by all) and the data rules their roles picked on the 分类字典 screen. Whether a node has children
 * counts only children the caller may see, so a node never opens onto nothing.
 */

export interface CategoryNode {
  key: string;
  value: string;
  title: string;
  label: string;
  code: string;
  parentId: string | null;
  isLeaf: boolean;
  leaf: boolean;
}

export interface Category {
  id: string;
  pid: string | null;
  name: string;
  code: string;
  hasChild: '0' | '1';
}

const ROOT_PIDS = ['', '0'];
const ID = /^[A-Za-z0-9_-]{1,32}$/;
const CODE = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_IDS = 200;
/** loadOne may look a category up by these fields only. */
const LOOKUP_FIELDS = ['id', 'code', 'name'] as const;

type Row = { id: string; pid: string | null; name: string; code: string; has_child: boolean };

async function select(reader: RecordReader, model: EntityModel) {
  const children = (await reader.scoped(model, 'c')).select(sql.lit(1).as('one')).whereRef('c.pid', '=', 't.id');
  return (await reader.scoped(model, 't')).select(['t.id', 't.pid', 't.name', 't.code']).select((eb) => eb.exists(children).as('has_child'));
}

const nodeOf = (r: Row): CategoryNode => ({
  key: r.id,
  value: r.id,
  title: r.name,
  label: r.name,
  code: r.code,
  parentId: ROOT_PIDS.includes(r.pid ?? '') ? null : r.pid,
  isLeaf: !r.has_child,
  leaf: !r.has_child,
});

const categoryOf = (r: Row): Category => ({ id: r.id, pid: r.pid, name: r.name, code: r.code, hasChild: r.has_child ? '1' : '0' });

/** A client's condition: a JSON object in the condition grammar over the document's own columns. */
export function parseCondition(model: EntityModel, raw: unknown) {
  if (raw === undefined || raw === '') return undefined;
  let parsed: unknown = raw;
  if (typeof raw === 'string') {
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || !isCondition(parsed)) throw badRequest('condition 需要一个 JSON 对象');
  const unknown = conditionFields(parsed).filter((f) => !columnOf(model, f));
  if (unknown.length) throw badRequest(`分类字典没有字段: ${unknown.join(',').slice(0, 100)}`);
  return parsed;
}

export class CategoryService {
  constructor(
    /** The request's scoped reader: only categories the caller may see. */
    private readonly reader: RecordReader,
    private readonly model: EntityModel,
  ) {}

  /** Children of one category, by name. */
  async children(pid: string, condition?: unknown): Promise<CategoryNode[]> {
    if (!ROOT_PIDS.includes(pid) && !ID.test(pid)) throw badRequest('pid 格式不正确');
    const cond = parseCondition(this.model, condition);
    let query = await select(this.reader, this.model);
    query = ROOT_PIDS.includes(pid) ? query.where((eb) => eb.or([eb('t.pid', 'is', null), eb('t.pid', 'in', ROOT_PIDS)])) : query.where('t.pid', '=', pid);
    if (cond) query = query.where((eb) => conditionSql(eb, cond));
    const rows = (await query.orderBy('t.code').limit(1000).execute()) as Row[];
    return rows.map(nodeOf);
  }

  /** The roots a picker starts from: the children of the category coded `pcode`, or the top level. */
  async roots(pcode: unknown, condition?: unknown): Promise<CategoryNode[]> {
    const code = typeof pcode === 'string' ? pcode.trim() : '';
    if (ROOT_PIDS.includes(code)) return this.children('', condition);
    if (!CODE.test(code)) throw badRequest('pcode 格式不正确');
    const parent = await this.one('code', code);
    if (!parent) throw badRequest(`分类编码不存在: ${code}`);
    return this.children(parent.id, condition);
  }

  /** loadTreeData: pid's children when pid is given, else the roots under pcode. */
  async treeData(q: Record<string, unknown>): Promise<CategoryNode[]> {
    const pid = typeof q.pid === 'string' ? q.pid.trim() : '';
    return pid ? this.children(pid, q.condition) : this.roots(q.pcode, q.condition);
  }

  /** The names of some ids, in the order asked; an unknown id stands for itself. */
  async names(raw: unknown): Promise<string[]> {
    const ids = (typeof raw === 'string' ? raw : '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (ids.length > MAX_IDS) throw badRequest(`一次最多查询${MAX_IDS}个值`);
    if (ids.some((id) => !ID.test(id))) throw badRequest('ID格式不正确');
    if (!ids.length) return [];
    const rows = (await (await select(this.reader, this.model)).where('t.id', 'in', ids).execute()) as Row[];
    return ids.map((id) => rows.find((r) => r.id === id)?.name ?? id);
  }

  async one(field: string, value: string): Promise<Category | undefined> {
    if (!(LOOKUP_FIELDS as readonly string[]).includes(field)) throw badRequest(`不支持按 ${field.slice(0, 30)} 查询`);
    const row = (await (await select(this.reader, this.model)).where(`t.${field}`, '=', value).orderBy('t.id').executeTakeFirst()) as Row | undefined;
    return row && categoryOf(row);
  }
}
