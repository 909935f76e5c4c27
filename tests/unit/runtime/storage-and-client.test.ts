import { describe, expect, it } from 'vitest';
import { withTimestamp } from '../../../src/runtime/http/client.ts';
import { createStorage, PREFIX } from '../../../src/runtime/storage.ts';

function fakeBackend() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('client storage', () => {
  it("prefixes keys with 'pro__' and stores value and expiry", () => {
    const backend = fakeBackend();
    const storage = createStorage(backend, () => 1000);
    storage.set('Access-Token', 'abc', 604800000);
    expect(JSON.parse(backend.map.get(`${PREFIX}Access-Token`)!)).toEqual({ value: 'abc', expire: 1000 + 604800000 });
  });

  it('an entry disappears once its lifetime has passed', () => {
    const backend = fakeBackend();
    let now = 0;
    const storage = createStorage(backend, () => now);
    storage.set('k', { a: 1 }, 100);
    now = 99;
    expect(storage.get('k')).toEqual({ a: 1 });
    now = 100;
    expect(storage.get('k')).toBeNull();
    expect(backend.map.size).toBe(0);
  });

  it('entries without a lifetime stay; garbage reads as the fallback', () => {
    const backend = fakeBackend();
    const storage = createStorage(backend, () => 5);
    storage.set('k', 1);
    expect(storage.get('k')).toBe(1);
    backend.map.set(`${PREFIX}bad`, '{not json');
    expect(storage.get('bad', 'x')).toBe('x');
  });
});

describe('the _t parameter (spec section 7)', () => {
  it('is added to GETs in seconds', () => {
    const before = Math.floor(Date.now() / 1000);
    const params = withTimestamp('/sys/user/list', 'GET', { pageNo: 1 });
    expect(params.pageNo).toBe(1);
    expect(params._t).toBeGreaterThanOrEqual(before);
    expect(params._t).toBeLessThan(before + 5);
  });
  it('is not added to dictionary item lookups or to other methods', () => {
    expect(withTimestamp('/sys/dict/getDictItems/sex', 'GET')).toEqual({});
    expect(withTimestamp('/sys/login', 'POST', { a: 1 })).toEqual({ a: 1 });
  });
});
