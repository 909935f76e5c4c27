import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from '../../../src/runtime/helpers/format.ts';
import { greeting } from '../../../src/runtime/helpers/greeting.ts';
import { isStrongPassword } from '../../../src/core/password-rule.ts';
import { expandUrlTemplate, isValidUrl } from '../../../src/runtime/helpers/url-template.ts';

const at = (h: number, m = 0) => new Date(2026, 0, 1, h, m);

describe('greeting by hour (spec section 9)', () => {
  it.each([
    [0, '早上好'],
    [8, '早上好'],
    [9, '上午好'],
    [11, '上午好'],
    [12, '中午好'],
    [13, '中午好'],
    [14, '下午好'],
    [19, '下午好'],
    [20, '晚上好'],
    [23, '晚上好'],
  ])("%i o'clock → %s", (hour, text) => expect(greeting(at(hour, 30))).toBe(text));
});

describe('formatMoney', () => {
  it('gives two decimals with thousands separators', () => {
    expect(formatMoney(1234567.891)).toBe('1,234,567.89');
    expect(formatMoney('1000')).toBe('1,000.00');
    expect(formatMoney(0.5)).toBe('0.50');
    expect(formatMoney(-9876.5)).toBe('-9,876.50');
  });
  it("returns '0' for anything that is not a number", () => {
    for (const v of ['abc', '', null, undefined, {}, NaN, Infinity]) expect(formatMoney(v)).toBe('0');
  });
});

describe('formatDate', () => {
  it('formats numeric timestamps', () => {
    const ts = new Date(2026, 10, 2, 3, 4, 5).getTime();
    expect(formatDate(ts)).toBe('2026-11-02 03:04:05');
    expect(formatDate(ts, 'yyyy/MM/dd')).toBe('2026/11/02');
    expect(formatDate(ts, 'YYYY-MM-DD')).toBe('2026-11-02');
  });
  it('returns anything else unchanged', () => {
    expect(formatDate('2026-11-02')).toBe('2026-11-02');
    expect(formatDate(null)).toBe(null);
  });
});

describe('password rule (8 to 20, a letter, a digit and a special character)', () => {
  it.each(['Abcdef1!', 'a1#aaaaa', 'Pa$$w0rd-2026', 'x'.repeat(17) + '1@A'])('accepts %s', (pw) => expect(isStrongPassword(pw)).toBe(true));
  it.each(['Ab1!', 'abcdefgh', '12345678', 'abcd1234', 'abcd!@#$', 'A1!' + 'x'.repeat(18)])('rejects %s', (pw) => expect(isStrongPassword(pw)).toBe(false));
});

describe('menu URL templates (no eval)', () => {
  const scope = {
    window: { _CONFIG: { domianURL: 'http://example.org:8080/app' }, location: { origin: 'http://localhost:3000' } },
    _CONFIG: { apiBase: '/hope-boot' },
  };
  it('expands property paths on window and the config', () => {
    expect(expandUrlTemplate("{{ window._CONFIG['domianURL'] }}/doc.html", scope)).toBe('http://example.org:8080/app/doc.html');
    expect(expandUrlTemplate('{{window.location.origin}}{{ _CONFIG.apiBase }}/x', scope)).toBe('http://localhost:3000/hope-boot/x');
  });
  it('never runs code: calls, operators and unknown names expand to nothing', () => {
    expect(expandUrlTemplate('{{ alert(1) }}', scope)).toBe('');
    expect(expandUrlTemplate("{{ window.location.origin + 'x' }}", scope)).toBe('');
    expect(expandUrlTemplate('{{ nope.deeper }}', scope)).toBe('');
  });
  it('accepts only http(s) URLs as valid', () => {
    expect(isValidUrl('https://www.example.org/a?b=1')).toBe(true);
    expect(isValidUrl('javascript:alert(1)')).toBe(false);
    expect(isValidUrl('/relative/path')).toBe(false);
    expect(isValidUrl('http://')).toBe(false);
  });
});
