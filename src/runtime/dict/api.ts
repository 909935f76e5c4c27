import type { DictOption } from '../../core/api-types.ts';
import { http } from '../http/client.ts';

/* The dictionaries' data provider: a dictionary's items as the server has them (dictionaries.ts caches them). */

export const fetchDictItems = (code: string): Promise<DictOption[]> =>
  http.get<DictOption[]>(`/sys/dict/getDictItems/${encodeURIComponent(code)}`).then((r) => r.result ?? []);
