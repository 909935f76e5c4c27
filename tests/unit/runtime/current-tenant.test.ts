import { describe, expect, it } from 'vitest';
import { currentTenantOf } from '../../../src/runtime/session/remember.ts';

describe('the tenant the client sends after login', () => {
  it('is the user’s own tenant when it is one of theirs, else their first, else 0', () => {
    expect(currentTenantOf({ tenantId: 2, relTenantIds: '1,2' })).toBe(2);
    expect(currentTenantOf({ tenantId: 0, relTenantIds: '3,4' })).toBe(3);
    expect(currentTenantOf({ tenantId: 9, relTenantIds: '' })).toBe(0);
  });
});
