import type { Kysely } from 'kysely';
import { badRequest } from '../../http/envelope.ts';
import type { EntityModel } from '../schema/model.ts';

/*
 * A field referencing its own entity makes a tree (上级部门, 父级分类). An edit must not make a record its
 * own ancestor: that would hide the loop's records from every tree and make walks up never end. Only
 * edits can close a loop (a new record has no descendants). Column names come from the document.
 */

const MAX_DEPTH = 1000;

export const loopMessage = (label: string) => `${label}不能是自己或自己的下级`;

/** Throws when the record's new parent is the record itself or one of its descendants. */
export async function checkNoLoop(db: Kysely<any>, model: EntityModel, id: string, record: Record<string, unknown>): Promise<void> {
  for (const field of model.fields) {
    if (field.ref?.entity !== model.code) continue;
    let at = record[field.name];
    for (let depth = 0; at !== null && at !== undefined && at !== '' && depth < MAX_DEPTH; depth++) {
      if (String(at) === id) throw badRequest(loopMessage(field.label));
      const parent = await db.selectFrom(model.table).select(field.name).where('id', '=', String(at)).executeTakeFirst();
      at = parent?.[field.name];
    }
  }
}
