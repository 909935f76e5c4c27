import { describe, expect, it } from 'vitest';
import { formatAssignee, formatFieldAccess, parseAssignee, parseAssigneeList, parseConditionText, parseFieldAccess } from '../../../src/core/workflow/rules.ts';

describe('the hope: attribute grammar', () => {
  it('reads and writes assignee rules, refusing what is outside them', () => {
    expect(parseAssignee('role:finance')).toEqual({ kind: 'role', value: 'finance' });
    expect(parseAssignee('initiator')).toEqual({ kind: 'initiator', value: '' });
    expect(parseAssignee('deptLeader')).toEqual({ kind: 'deptLeader', value: '' });
    expect(parseAssignee('deptLeader:x')).toBeUndefined();
    expect(parseAssignee('role')).toBeUndefined();
    expect(parseAssignee('initiator:x')).toBeUndefined();
    expect(parseAssignee("user:a' or 1=1")).toBeUndefined();
    expect(parseAssignee('boss:me')).toBeUndefined();
    expect(formatAssignee({ kind: 'user', value: 'lina' })).toBe('user:lina');
    expect(parseAssigneeList('role:admin,user:lina')).toHaveLength(2);
    expect(parseAssigneeList('role:admin,nobody')).toBeUndefined();
    expect(parseAssigneeList('')).toEqual([]);
  });

  it('reads field rights (left out = read-only) and writes only the exceptions', () => {
    expect(parseFieldAccess('approved_amount:edit,phone:hidden')).toEqual({ approved_amount: 'edit', phone: 'hidden' });
    expect(parseFieldAccess('approved_amount:write')).toBeUndefined();
    expect(parseFieldAccess('1x:edit')).toBeUndefined();
    expect(formatFieldAccess({ a: 'edit', b: 'read', c: 'hidden' })).toBe('a:edit,c:hidden');
  });

  it('reads a condition as JSON objects only', () => {
    expect(parseConditionText('{"apply_amount":{"$gt":100000}}')).toEqual({ apply_amount: { $gt: 100000 } });
    expect(parseConditionText('apply_amount > 5')).toBeUndefined();
    expect(parseConditionText('[1]')).toBeUndefined();
    expect(parseConditionText('')).toBeUndefined();
  });
});
