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

export async function syncDictionaries(db: Kysely<DB>, registry: Registry): Promise<number> {
  const now = nowText();
  let added = 0;
  for (const dict of registry.all().flatMap((m) => m.doc.dictionaries ?? [])) {
    await db
      .insertInto('sys_dict')
      .values({
        id: newId(),
        dict_name: dict.name,
        dict_code: dict.code,
        description: null,
        del_flag: 0,
        type: 0,
        tenant_id: 0,
        create_by: SYSTEM,
        create_time: now,
        update_by: null,
        update_time: null,
      })
      .onConflict((oc) => oc.column('dict_code').doNothing())
      .execute();
    const { id } = await db.selectFrom('sys_dict').select('id').where('dict_code', '=', dict.code).executeTakeFirstOrThrow();
    const result = await db
      .insertInto('sys_dict_item')
      .values(
        dict.items.map((item, i) => ({
          id: newId(),
          dict_id: id,
          item_value: item.value,
          item_text: item.text,
          item_color: item.color ?? null,
          description: null,
          sort_order: i + 1,
          status: 1,
          create_by: SYSTEM,
          create_time: now,
          update_by: null,
          update_time: null,
        })),
      )
      .onConflict((oc) => oc.columns(['dict_id', 'item_value']).doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

export async function syncFillRules(db: Kysely<DB>, registry: Registry): Promise<void> {
  const now = nowText();
  for (const def of registry.all().flatMap((m) => m.doc.fillRules ?? [])) {
    const rule = fromDef(def);
    await db
      .insertInto('sys_fill_rule')
      .values({
        rule_code: rule.code,
        rule_name: def.name,
        prefix: rule.prefix,
        date_format: rule.dateFormat,
        seq_length: rule.seqLength,
        reset_period: rule.reset,
        create_by: SYSTEM,
        create_time: now,
      })
      .onConflict((oc) => oc.column('rule_code').doNothing())
      .execute();
  }
}
