import { describe, expect, it } from 'vitest';
import { lockedMessage, MAX_FAILURES, WINDOW_MS } from '../../../server/auth/lockout.ts';

describe('lockout rules', () => {
  it('locks after five failures within fifteen minutes', () => {
    expect(MAX_FAILURES).toBe(5);
    expect(WINDOW_MS).toBe(15 * 60 * 1000);
  });

  it.each([
    [15 * 60_000, 15],
    [14 * 60_000 + 1, 15],
    [14 * 60_000, 14],
    [61_000, 2],
    [60_000, 1],
    [1, 1],
    [0, 1],
  ])('says the lock lasts whole minutes, rounded up, at least one (%i ms → %i)', (ms, minutes) => {
    expect(lockedMessage(ms)).toBe(`密码错误次数过多，账号已锁定，请${minutes}分钟后再试`);
  });

  it('mentions the lock', () => {
    expect(lockedMessage(5 * 60_000)).toContain('锁定');
  });
});
