import type { DictOption } from '../../core/api-types.ts';
import { http } from '../http/client.ts';

/* The dictionaries' data provider: a dictionary's items as the server has them (dictionaries.ts caches them). */

/** A table dictionary's code 'table,text,code', or undefined when a part is missing. */
export function tableDictCode(table?: string, text?: string, code?: string): string | undefined {
  return table && text && code ? `${table},${text},${code}` : undefined;
}

/** Every system dictionary's items by code, as the sign-in answer carries them (sysAllDictItems). */
export const fetchAllDictItems = (): Promise<Record<string, DictOption[]>> =>
  http.get<Record<string, DictOption[]>>('/sys/dict/queryAllDictItems').then((r) => r.result ?? {});

export const fetchDictItems = (code: string): Promise<DictOption[]> =>
  http.get<DictOption[]>(`/sys/dict/getDictItems/${encodeURIComponent(code)}`).then((r) => r.result ?? []);

/** The texts of stored values of a table dictionary ('table,text,code'), so a chosen option shows its text before any search. */
export async function optionsOfValue(dict: string, value: string): Promise<DictOption[]> {
  const r = await http.get<string[]>(`/sys/dict/loadDictItem/${encodeURIComponent(dict)}`, { key: value });
  const keys = value.split(',');
  return (r.result ?? []).map((text, i) => ({ value: keys[i], text, label: text, title: text }));
}
