import { describe, expect, it } from 'vitest';
import { RequestFailure, showsAsWarning, withTimestamp } from '../../../src/runtime/http/client.ts';
import { NO_AUTH_CODE } from '../../../src/core/api-types.ts';
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

describe('a no-auth refusal (code 510, spec section 8)', () => {
  const refusal = (code: number) =>
    new RequestFailure(403, '没有权限访问【捐赠记录】，请联系管理员授权', {
      success: false,
      code,
      message: '没有权限访问【捐赠记录】，请联系管理员授权',
      result: null,
      timestamp: 0,
    });
  it('of a list read is a warning; of any other call, or a plain 403, the catalogue row of its status', () => {
    expect(showsAsWarning(refusal(NO_AUTH_CODE), { warnNoAuth: true })).toBe(true);
    expect(showsAsWarning(refusal(NO_AUTH_CODE), {})).toBe(false);
    expect(showsAsWarning(refusal(403), { warnNoAuth: true })).toBe(false);
    expect(showsAsWarning(new RequestFailure(504, '网络超时'), { warnNoAuth: true })).toBe(false);
  });
});
