import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { DB, SysDepart } from '../db/schema.ts';
import { badRequest } from '../http/envelope.ts';
import { escapeLike } from '../engine/schema/like.ts';

/*
 * The department tree and the user look-ups behind the department picker and the user-by-department
 * modal (spec section 2 and 7). Nodes carry id, key, title, children (the spec's tree node) plus what
 * the pickers and the JeecgBoot clients read: value, parentId, orgCode, departName, isLeaf.
 */

export interface DepartNode {
  id: string;
  key: string;
  value: string;
  title: string;
  parentId: string | null;
  orgCode: string;
  departName: string;
  orgCategory: string;
  departOrder: number;
  isLeaf: boolean;
  children?: DepartNode[];
}

/** queryIdTree's lighter node. */
export interface DepartIdNode {
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  children?: DepartIdNode[];
}

export const MAX_KEYWORD = 50;

/**
 * The departments a request may see: a select over sys_depart that the caller's reader has scoped
 * (`runtime.scoped(session, 'system/depart')`): only the tenant's departments.
 */
export type DepartSource = SelectQueryBuilder<any, any, object>;

async function liveDeparts(from: DepartSource): Promise<SysDepart[]> {
  return (await from.selectAll().where('del_flag', '=', 0).orderBy('depart_order').orderBy('depart_name').orderBy('id').execute()) as SysDepart[];
}

const nodeOf = (d: SysDepart): DepartNode => ({
  id: d.id,
  key: d.id,
  value: d.id,
  title: d.depart_name,
  parentId: d.parent_id,
  orgCode: d.org_code,
  departName: d.depart_name,
  orgCategory: d.org_category,
  departOrder: d.depart_order,
  isLeaf: true,
});

/** Whether following parents from this department comes back to it (an edit made A the parent of its own parent). */
function inCycle(node: DepartNode, nodes: Map<string, DepartNode>): boolean {
  let at = node.parentId ? nodes.get(node.parentId) : undefined;
  for (let steps = 0; at && steps <= nodes.size; steps++) {
    if (at === node) return true;
    at = at.parentId ? nodes.get(at.parentId) : undefined;
  }
  return false;
}

/**
 * Rows → nested nodes in the query's order. A department whose parent is gone becomes a root, and so
 * does one whose parents lead back to itself: the tree never loops, whatever the rows say.
 */
export function buildDepartTree(rows: SysDepart[]): DepartNode[] {
  const nodes = new Map(rows.map((d) => [d.id, nodeOf(d)]));
  const roots: DepartNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (!parent || inCycle(node, nodes)) {
      roots.push(node);
      continue;
    }
    parent.isLeaf = false;
    (parent.children ??= []).push(node);
  }
  return roots;
}

export async function departTree(from: DepartSource): Promise<DepartNode[]> {
  return buildDepartTree(await liveDeparts(from));
}

export function idTreeOf(nodes: DepartNode[]): DepartIdNode[] {
  return nodes.map((n) => ({ key: n.key, value: n.value, title: n.title, isLeaf: n.isLeaf, ...(n.children ? { children: idTreeOf(n.children) } : {}) }));
}

/** searchBy: departments whose name contains the keyword, as flat leaf-less nodes (the picker shows them as a list). */
export async function searchDeparts(from: DepartSource, keyword: string): Promise<DepartNode[]> {
  const text = keyword.trim();
  if (!text) throw badRequest('请输入部门名称');
  if (text.length > MAX_KEYWORD) throw badRequest(`部门名称不能超过${MAX_KEYWORD}个字`);
  const rows = (await from
    .selectAll()
    .where('del_flag', '=', 0)
    .where(sql<boolean>`depart_name like ${`%${escapeLike(text)}%`}`)
    .orderBy('depart_order')
    .orderBy('id')
    .limit(200)
    .execute()) as SysDepart[];
  return rows.map(nodeOf);
}

/** The subtrees rooted at the departments the user belongs to (a sub-department of another of theirs is not repeated). */
export async function myDepartTree(db: Kysely<DB>, from: DepartSource, userId: string): Promise<DepartNode[]> {
  const mine = new Set((await db.selectFrom('sys_user_depart').select('dep_id').where('user_id', '=', userId).execute()).map((r) => r.dep_id));
  const roots: DepartNode[] = [];
  const visit = (nodes: DepartNode[]) => {
    for (const n of nodes) {
      if (mine.has(n.id)) roots.push(n);
      else if (n.children) visit(n.children);
    }
  };
  visit(await departTree(from));
  return roots;
}
