import type { DictOption } from '../../core/api-types.ts';
import type { WidgetOptions } from '../../core/schema/types.generated.ts';
import { fetchAllDictItems, fetchDictItems, tableDictCode } from './api.ts';
import { KEYS, local, SEVEN_DAYS_MS } from '../storage.ts';

/*
 * Dictionary lookups of spec section 7: the local cache (filled at login, 7 days) first, then the
 * server. A table dictionary is named 'table,text,code' and always asked of the server, once per page.
 */
const fetched = new Map<string, Promise<DictOption[]>>();

export const EMPTY_CODE_MESSAGE = '字典Code不能为空!';

export function cachedDict(code: string): DictOption[] | undefined {
  return local.get<Record<string, DictOption[]>>(KEYS.DICT_CACHE)?.[code];
}

/** Takes every dictionary anew from the server (after 刷新缓存), as signing in did, without signing in again. */
export async function reloadDictionaries(): Promise<void> {
  local.set(KEYS.DICT_CACHE, await fetchAllDictItems(), SEVEN_DAYS_MS);
  fetched.clear();
}

export function loadDictOptions(code: string): Promise<DictOption[]> {
  if (!code) return Promise.reject(new Error(EMPTY_CODE_MESSAGE));
  const cached = code.includes(',') ? undefined : cachedDict(code);
  if (cached) return Promise.resolve(cached);
  let pending = fetched.get(code);
  if (!pending) {
    pending = fetchDictItems(code);
    pending.catch(() => fetched.delete(code));
    fetched.set(code, pending);
  }
  return pending;
}

/** The text of a value (or of each of a comma list of values) in a dictionary's options. */
export function dictText(options: readonly DictOption[] | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const values = String(value).split(',');
  return values.map((v) => options?.find((o) => String(o.value) === v)?.text ?? v).join(',');
}

/** The dictionary code behind a widget's options source: dict (dynamicKey) or distal (table dictionary). */
export function sourceDictCode(options: WidgetOptions | undefined): string | undefined {
  if (options?.dynamic === 'dict') return options.dynamicKey || undefined;
  if (options?.dynamic === 'distal') return tableDictCode(options.distal?.tableName, options.distal?.label, options.distal?.value);
  return undefined;
}
