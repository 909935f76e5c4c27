import { http } from '../../runtime/http/client.ts';

/** A department node as the server answers it (queryTreeList, searchBy). */
export interface DepartNode {
  id: string;
  key: string;
  title: string;
  orgCode: string;
  isLeaf: boolean;
  children?: DepartNode[];
}

export const DEPART_SEARCH_PLACEHOLDER = '请输入部门名称按回车进行搜索';

export async function loadDepartTree(): Promise<DepartNode[]> {
  return (await http.get<DepartNode[]>('/sys/sysDepart/queryTreeList')).result ?? [];
}

/** Enter in the search box: matches as a flat list; an empty keyword brings the whole tree back. */
export async function searchDeparts(keyword: string): Promise<DepartNode[]> {
  const text = keyword.trim();
  if (!text) return loadDepartTree();
  return (await http.get<DepartNode[]>('/sys/sysDepart/searchBy', { keyWord: text })).result ?? [];
}

/** id → name over a whole tree, for showing a stored comma list of ids. */
export function namesById(nodes: DepartNode[], into = new Map<string, string>()): Map<string, string> {
  for (const n of nodes) {
    into.set(n.id, n.title);
    if (n.children) namesById(n.children, into);
  }
  return into;
}

/** The text the picker's input shows for its value: names where known, the id otherwise. */
export const departText = (ids: string[], names: Map<string, string>) => ids.map((id) => names.get(id) ?? id).join(',');
