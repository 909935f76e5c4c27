import { http } from '../../runtime/http/client.ts';

/** One node of /sys/permission/queryTreeList: kind 0 menu, 1 sub-menu, 2 button, 'rule' a data rule. */
export interface PermissionNode {
  key: string;
  title: string;
  kind: number | 'rule';
  /** false: a branch shown only for its children (outside a department's set). */
  checkable?: boolean;
  children?: PermissionNode[];
}

export async function loadPermissionTree(): Promise<PermissionNode[]> {
  const r = await http.get<{ treeList: PermissionNode[] }>('/sys/permission/queryTreeList');
  return r.result?.treeList ?? [];
}

/** A department's own permissions as a tree: what its department roles may be given. */
export async function loadDepartPermissionTree(departId: string): Promise<PermissionNode[]> {
  const r = await http.get<{ treeList: PermissionNode[] }>('/sys/sysDepartPermission/queryTreeListForDeptRole', { departId });
  return r.result?.treeList ?? [];
}

export const keysOf = (value: string | undefined): string[] => (value ? value.split(',').filter(Boolean) : []);

/** Every key of the tree, depth first (for 全选 and 展开全部). */
export function allKeys(nodes: PermissionNode[]): string[] {
  return nodes.flatMap((n) => [...(n.checkable === false ? [] : [n.key]), ...allKeys(n.children ?? [])]);
}

/** Keys of nodes with children, for expanding everything. */
export function branchKeys(nodes: PermissionNode[]): string[] {
  return nodes.flatMap((n) => (n.children?.length ? [n.key, ...branchKeys(n.children)] : []));
}

/** A data rule counts only with its menu entry: checking a rule checks the entry too. */
export function withRuleParents(checked: string[], nodes: PermissionNode[]): string[] {
  const out = new Set(checked);
  const walk = (list: PermissionNode[], parent?: string) => {
    for (const n of list) {
      if (n.kind === 'rule' && out.has(n.key) && parent) out.add(parent);
      walk(n.children ?? [], n.key);
    }
  };
  walk(nodes);
  return [...out];
}

/**
 * Granted permissions as a person reads them: each granted page with its granted buttons in brackets
 * (捐赠记录（新增、编辑、删除）); a bare 详情 or 导出 would not say of what.
 */
export function grantedPages(nodes: PermissionNode[], granted: Set<string>): string[] {
  return nodes.flatMap((n) => {
    const buttons = (n.children ?? []).filter((c) => c.kind === 2 && granted.has(c.key)).map((c) => c.title);
    // Buttons held without their page are said so: the bare page title would read as the page granted.
    const suffix = !buttons.length ? '' : granted.has(n.key) ? `（${buttons.join('、')}）` : `（仅按钮：${buttons.join('、')}）`;
    const own = granted.has(n.key) || buttons.length ? [`${n.title}${suffix}`] : [];
    return [
      ...own,
      ...grantedPages(
        (n.children ?? []).filter((c) => c.kind !== 2),
        granted,
      ),
    ];
  });
}
