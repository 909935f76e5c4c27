import { describe, expect, it } from 'vitest';
import { newId } from '../../../server/lib/ids.ts';

describe('newId', () => {
  it('is a 19-digit string starting with the current time in milliseconds', () => {
    const before = Date.now();
    const id = newId();
    expect(id).toMatch(/^\d{19}$/);
    const ms = Number(id.slice(0, 13));
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('stays unique and ordered even for a burst of many ids per millisecond', () => {
    const ids = Array.from({ length: 50_000 }, newId);
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < ids.length; i++) {
      if (ids[i] <= ids[i - 1]) throw new Error(`id ${i} (${ids[i]}) does not sort after ${ids[i - 1]}`);
    }
  });

  it('sorts later ids after earlier ones across milliseconds', async () => {
    const a = newId();
    await new Promise((r) => setTimeout(r, 5));
    const b = newId();
    expect(b > a).toBe(true);
    expect(b.length).toBe(a.length);
  });
});
