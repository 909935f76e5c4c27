import { isLockedRecord } from '../../../src/core/schema/locks.ts';
import { badRequest } from '../../http/envelope.ts';
import type { EntityModel } from '../schema/model.ts';

/*
 * Locked records (entity.rules.locked): a stored record meeting the condition may no longer be edited or
 * deleted (a released announcement must be revoked first). Checked on the row as stored, with the same
 * predicate the list uses to hide the row's 编辑 and 删除.
 */

export const isLocked = (model: EntityModel, stored: Record<string, unknown>): boolean => isLockedRecord(model.doc, stored);

/** Throws the lock's message (400) when the stored record is locked. */
export function assertUnlocked(model: EntityModel, stored: Record<string, unknown>): void {
  if (isLocked(model, stored)) throw badRequest(model.doc.entity.rules!.locked!.message);
}
