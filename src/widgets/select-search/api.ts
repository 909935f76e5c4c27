import type { DictOption } from '../../core/api-types.ts';
import { http } from '../../runtime/http/client.ts';

export const SEARCH_CONFIG_MESSAGE = '表字典搜索组件参数接收有误,请检查字典配置!';
export const SEARCH_DEBOUNCE_MS = 800;

export async function searchOptions(dict: string, keyword?: string): Promise<DictOption[]> {
  const r = await http.get<DictOption[]>(`/sys/dict/loadDict/${encodeURIComponent(dict)}`, keyword ? { keyword } : {});
  return r.result ?? [];
}
