import { evaluateCondition } from '../../src/runtime/schema/condition.ts';
import { badRequest } from '../http/envelope.ts';
import type { EntityModel } from './model.ts';

/*
 * Locked records (entity.rules.locked): a stored record meeting the condition may no longer be edited or
 * deleted (a released announcement must be revoked first). Checked on the row as stored, with the same
 * interpreter the list uses for its row conditions.
 */

export function isLocked(model: EntityModel, stored: Record<string, unknown>): boolean {
  const lock = model.doc.entity.rules?.locked;
  return !!lock && evaluateCondition(lock.when, stored);
}

/** Throws the lock's message (400) when the stored record is locked. */
export function assertUnlocked(model: EntityModel, stored: Record<string, unknown>): void {
  if (isLocked(model, stored)) throw badRequest(model.doc.entity.rules!.locked!.message);
}
