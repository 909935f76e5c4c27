import { describe, expect, it } from 'vitest';
import { assertUnlocked, isLocked } from '../../../server/engine/write/locks.ts';
import type { EntityModel } from '../../../server/engine/schema/model.ts';

/* entity.rules.locked: a stored record meeting the condition is refused edit and delete with the message. */

const modelWith = (locked?: unknown) => ({ doc: { entity: { table: 't', fields: [], rules: locked ? { locked } : undefined } } }) as unknown as EntityModel;
const RELEASED_LOCK = { when: { send_status: { $eq: '1' } }, message: '已发布的通告不能修改或删除，请先撤销' };

describe('locked records', () => {
  it('locks a record meeting the condition and answers the declared message as a 400', () => {
    const model = modelWith(RELEASED_LOCK);
    expect(isLocked(model, { send_status: '1' })).toBe(true);
    expect(() => assertUnlocked(model, { send_status: '1' })).toThrowError(
      expect.objectContaining({ status: 400, message: '已发布的通告不能修改或删除，请先撤销' }),
    );
  });

  it('leaves records outside the condition, and documents without a lock, alone', () => {
    expect(isLocked(modelWith(RELEASED_LOCK), { send_status: '0' })).toBe(false);
    expect(isLocked(modelWith(RELEASED_LOCK), { send_status: '2' })).toBe(false);
    expect(() => assertUnlocked(modelWith(), { send_status: '1' })).not.toThrow();
  });
});
