import { evaluateCondition } from './condition.ts';
import type { SchemaDocument } from './types.generated.ts';

/*
 * entity.rules.locked: a stored record meeting the condition may no longer be edited or deleted (a
 * released announcement must be revoked first). The server refuses the write (server/engine/write/locks.ts);
 * the list hides the 编辑 and 删除 links of such rows. One predicate for both.
 */
export function isLockedRecord(doc: Pick<SchemaDocument, 'entity'>, record: Record<string, unknown>): boolean {
  const lock = doc.entity.rules?.locked;
  return !!lock && evaluateCondition(lock.when, record);
}
