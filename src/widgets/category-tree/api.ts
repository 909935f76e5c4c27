import { http } from '../../runtime/http/client.ts';

/*
 * The category tree dictionary's calls (spec section 7, /sys/category/*): the roots under a parent code
 * (pcode; empty for the top level), one level of children at a time, and the names of stored ids.
 */

export interface CategoryNode {
  key: string;
  value: string;
  title: string;
  code: string;
  parentId: string | null;
  isLeaf: boolean;
}

/** antd's simple-mode tree node. */
export interface SimpleNode {
  id: string;
  pId?: string;
  value: string;
  title: string;
  isLeaf: boolean;
}

const simple = (n: CategoryNode, pid?: string): SimpleNode => ({ id: n.value, pId: pid, value: n.value, title: n.title, isLeaf: n.isLeaf });

export async function loadRoots(pcode = ''): Promise<SimpleNode[]> {
  const r = await http.get<CategoryNode[]>('/sys/category/loadTreeRoot', { pcode: pcode || undefined, async: true });
  return (r.result ?? []).map((n) => simple(n));
}

export async function loadChildren(pid: string): Promise<SimpleNode[]> {
  const r = await http.get<CategoryNode[]>('/sys/category/loadTreeChildren', { pid });
  return (r.result ?? []).map((n) => simple(n, pid));
}

/** Names of ids, in order (loadDictItem). */
export async function loadNames(ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  return (await http.get<string[]>('/sys/category/loadDictItem/', { ids: ids.join(',') })).result ?? [];
}

/** Adds nodes not already present; two levels opened at once each keep the other's. */
export const mergeNodes = (prev: SimpleNode[], more: SimpleNode[]) => [...prev, ...more.filter((m) => !prev.some((p) => p.id === m.id))];
