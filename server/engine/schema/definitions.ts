import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { nowText } from '../../lib/time.ts';
import { fromDef } from '../write/fill-rules.ts';
import type { Registry } from './registry.ts';

/*
 * Dictionaries and fill rules declared by documents are inserted when missing (and a dictionary's
 * missing items added). What is there already is left as it is: once created, they belong to the admin,
 * who may have renamed an item or switched it off.
 */

const SYSTEM = 'system';

/** Three statements however many dictionaries the documents declare: a start sends them on every boot. */
export async function syncDictionaries(db: Kysely<DB>, registry: Registry): Promise<number> {
  const dicts = registry.all().flatMap((m) => m.doc.dictionaries ?? []);
  if (!dicts.length) return 0;
  const now = nowText();
  const made = { create_by: SYSTEM, create_time: now, update_by: null, update_time: null };
  // Where two documents declare one code, the first one's name stays, as the first insert wins.
  await db
    .insertInto('sys_dict')
    .values(dicts.map((dict) => ({ id: newId(), dict_name: dict.name, dict_code: dict.code, description: null, del_flag: 0, type: 0, tenant_id: 0, ...made })))
    .onConflict((oc) => oc.column('dict_code').doNothing())
    .execute();
  const codes = [...new Set(dicts.map((d) => d.code))];
  const ids = new Map((await db.selectFrom('sys_dict').select(['id', 'dict_code']).where('dict_code', 'in', codes).execute()).map((r) => [r.dict_code, r.id]));
  const items = dicts.flatMap((dict) =>
    dict.items.map((item, i) => ({
      id: newId(),
      dict_id: ids.get(dict.code)!,
      item_value: item.value,
      item_text: item.text,
      item_color: item.color ?? null,
      description: null,
      sort_order: i + 1,
      status: 1,
      ...made,
    })),
  );
  if (!items.length) return 0;
  const result = await db
    .insertInto('sys_dict_item')
    .values(items)
    .onConflict((oc) => oc.columns(['dict_id', 'item_value']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export async function syncFillRules(db: Kysely<DB>, registry: Registry): Promise<void> {
  const defs = registry.all().flatMap((m) => m.doc.fillRules ?? []);
  if (!defs.length) return;
  const now = nowText();
  await db
    .insertInto('sys_fill_rule')
    .values(
      defs.map((def) => {
        const rule = fromDef(def);
        return {
          rule_code: rule.code,
          rule_name: def.name,
          prefix: rule.prefix,
          date_format: rule.dateFormat,
          seq_length: rule.seqLength,
          reset_period: rule.reset,
          create_by: SYSTEM,
          create_time: now,
        };
      }),
    )
    .onConflict((oc) => oc.column('rule_code').doNothing())
    .execute();
}
