import { describe, expect, it } from 'vitest';
import { fillLink } from '../../../src/core/schema/links.ts';

describe('fillLink', () => {
  it("puts the row's values in, encoded but keeping a code's slashes", () => {
    expect(fillLink('/online/desform/designer?desform={desform_code}', { desform_code: 'leave_form' })).toBe('/online/desform/designer?desform=leave_form');
    expect(fillLink('/{cgform_code}', { cgform_code: 'online/leave' })).toBe('/online/leave');
    expect(fillLink('/x?q={name}', { name: 'a&b=c' })).toBe('/x?q=a%26b%3Dc');
  });

  it('offers no link when a value it needs is empty', () => {
    expect(fillLink('/{cgform_code}', { cgform_code: null })).toBeUndefined();
    expect(fillLink('/{cgform_code}', {})).toBeUndefined();
    expect(fillLink('/online/desform/designer', {})).toBe('/online/desform/designer');
  });
});
