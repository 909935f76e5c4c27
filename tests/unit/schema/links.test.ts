import { describe, expect, it } from 'vitest';
import { fillLink } from '../../../src/core/schema/links.ts';

describe('fillLink', () => {
  it("puts the row's values in, encoded but keeping a code's slashes", () => {
    // Records and documents name fields by property (desformCode), a designer key by itself (input_17…).
    expect(fillLink('/online/desform/designer?desform={desformCode}', { desformCode: 'leave_form' })).toBe('/online/desform/designer?desform=leave_form');
    expect(fillLink('/{cgformCode}', { cgformCode: 'online/leave' })).toBe('/online/leave');
    expect(fillLink('/x/{input_1700000000000}', { input_1700000000000: 'v' })).toBe('/x/v');
    expect(fillLink('/x?q={name}', { name: 'a&b=c' })).toBe('/x?q=a%26b%3Dc');
  });

  it('offers no link when a value it needs is empty', () => {
    expect(fillLink('/{cgformCode}', { cgformCode: null })).toBeUndefined();
    expect(fillLink('/{cgformCode}', {})).toBeUndefined();
    expect(fillLink('/online/desform/designer', {})).toBe('/online/desform/designer');
  });
});
