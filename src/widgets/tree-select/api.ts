import { http } from '../../runtime/http/client.ts';

export const CONDITION_MESSAGE = '组件JTreeSelect-condition传值有误，需要一个json字符串!';

/** A condition must be the JSON text of an object (spec section 5); empty means none. */
export function conditionError(condition?: string): string | undefined {
  if (!condition) return undefined;
  try {
    const parsed: unknown = JSON.parse(condition);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? undefined : CONDITION_MESSAGE;
  } catch {
    return CONDITION_MESSAGE;
  }
}

export interface TreeNode {
  /** antd's simple mode links a node to its parent by id / pId. */
  id: string;
  value: string;
  title: string;
  pId?: string;
  isLeaf?: boolean;
}

export interface TreeSource {
  dictTable: string;
  dictText: string;
  dictCode: string;
  condition?: string;
}

/** One level of a tree dictionary (the roots when pid is empty), in antd's flat simple mode. */
export async function loadLevel(source: TreeSource, pid = ''): Promise<TreeNode[]> {
  const r = await http.get<{ value: string; title: string; leaf: boolean }[]>('/sys/dict/loadTreeData', {
    tableName: source.dictTable,
    text: source.dictText,
    code: source.dictCode,
    condition: source.condition || undefined,
    pid,
  });
  return (r.result ?? []).map((n) => ({ id: n.value, value: n.value, title: n.title, pId: pid || undefined, isLeaf: n.leaf }));
}
