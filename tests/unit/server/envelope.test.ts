import { describe, expect, it } from 'vitest';
import { ApiError, fail, ok, requireText } from '../../../server/http/envelope.ts';
import { formatTimestamp } from '../../../server/lib/time.ts';

describe('envelope', () => {
  it('ok() and fail() give the JeecgBoot shape', () => {
    expect(ok({ a: 1 })).toEqual({ success: true, message: '操作成功', code: 200, result: { a: 1 }, timestamp: expect.any(Number) });
    expect(fail(403, '拒绝访问')).toEqual({ success: false, message: '拒绝访问', code: 403, result: null, timestamp: expect.any(Number) });
  });

  it('requireText returns a non-blank string and refuses anything else with a 400', () => {
    expect(requireText({ name: ' x ' }, 'name', '请输入')).toBe(' x ');
    for (const body of [undefined, null, 'text', {}, { name: '' }, { name: '   ' }, { name: 1 }, { name: ['x'] }, { name: { a: 1 } }]) {
      let error: unknown;
      try {
        requireText(body, 'name', '请输入');
      } catch (e) {
        error = e;
      }
      expect(error, JSON.stringify(body)).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 400, message: '请输入' });
    }
    expect(() => requireText({ name: 'abcd' }, 'name', '请输入', 3)).toThrow('请输入（长度不能超过3）');
  });
});

describe('formatTimestamp', () => {
  it('prints local wall-clock time as the API does, with optional milliseconds', () => {
    const d = new Date(2026, 0, 2, 3, 4, 5, 67);
    expect(formatTimestamp(d)).toBe('2026-01-02 03:04:05');
    expect(formatTimestamp(d, true)).toBe('2026-01-02 03:04:05.067');
  });
});
