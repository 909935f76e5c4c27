import type { Kysely } from 'kysely';
import type { DictOption } from '../../src/core/api-types.ts';
import type { DB } from '../db/schema.ts';
import { CacheStats } from '../monitor/cache-stats.ts';
import type { Notices } from '../realtime/notices.ts';

export type { DictOption };

export const DICT_TOPIC = 'dict';

/**
 * System dictionaries with an in-process cache. refresh() (sys/dict/refleshCache) or any dictionary
 * edit drops it on every process (the 'dict' notice); the next read loads all dictionaries in one query.
 */
export class DictionaryService {
  private cache: Map<string, DictOption[]> | null = null;
  readonly stats = new CacheStats('dictionaries', '数据字典', () => this.cache?.size ?? 0);

  constructor(
    private readonly db: Kysely<DB>,
    private readonly notices?: Notices,
  ) {
    notices?.on(DICT_TOPIC, () => {
      this.cache = null;
    });
  }

  private async load(): Promise<Map<string, DictOption[]>> {
    const rows = await this.db
      .selectFrom('sys_dict_item as i')
      .innerJoin('sys_dict as d', 'd.id', 'i.dict_id')
      .select(['d.dict_code', 'i.item_value', 'i.item_text', 'i.item_color'])
      .where('d.del_flag', '=', 0)
      .where('i.status', '=', 1)
      .orderBy('d.dict_code')
      .orderBy('i.sort_order')
      .orderBy('i.item_value')
      .execute();
    const map = new Map<string, DictOption[]>();
    for (const r of rows) {
      const option: DictOption = { value: r.item_value, text: r.item_text, label: r.item_text, title: r.item_text };
      if (r.item_color) option.color = r.item_color;
      const list = map.get(r.dict_code) ?? [];
      list.push(option);
      map.set(r.dict_code, list);
    }
    return map;
  }

  private async all(): Promise<Map<string, DictOption[]>> {
    if (this.cache) {
      this.stats.hit();
      return this.cache;
    }
    this.stats.miss();
    this.cache = await this.load();
    return this.cache;
  }

  async items(code: string): Promise<DictOption[]> {
    return (await this.all()).get(code) ?? [];
  }

  async allItems(): Promise<Record<string, DictOption[]>> {
    return Object.fromEntries(await this.all());
  }

  /** Drops the cache here and on every other process sharing the database. */
  refresh(): void {
    this.cache = null;
    this.notices?.publish(DICT_TOPIC).catch((error) => console.warn('dictionary notice not sent:', error));
  }
}
