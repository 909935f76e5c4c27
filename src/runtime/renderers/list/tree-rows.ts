import type { DataRecord } from '../../schema/api.ts';

/** Where a nested row keeps its children (never sent back to the server: rows are read from the list). */
export const TREE_CHILDREN = '__children';

/**
 * Flat rows → roots with their children under TREE_CHILDREN, keeping the server's order at every level.
 * A row whose parent is not among the rows (a filtered list) is a root; a cycle cannot hang: every row
 * is placed once.
 */
export function nestRows(rows: DataRecord[], parentField: string): DataRecord[] {
  const copies = new Map(rows.map((r) => [String(r.id), { ...r } as DataRecord]));
  const roots: DataRecord[] = [];
  for (const r of rows) {
    const node = copies.get(String(r.id))!;
    const parentId = r[parentField];
    const parent = parentId !== null && parentId !== undefined && parentId !== '' && parentId !== r.id ? copies.get(String(parentId)) : undefined;
    if (!parent) roots.push(node);
    else ((parent[TREE_CHILDREN] ??= []) as DataRecord[]).push(node);
  }
  return roots;
}
