import { describe, expect, it } from 'vitest';
import {
  formatAssignee,
  formatFieldAccess,
  parseAssignee,
  parseAssigneeList,
  parseConditionText,
  parseFieldAccess,
  renameConditionFields,
} from '../../../src/core/workflow/rules.ts';

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
    // A form field by property; an older modeller's column name reads as its property. Other values are not field names.
    expect(parseAssignee('field:reviewerName')).toEqual({ kind: 'field', value: 'reviewerName' });
    expect(parseAssignee('field:reviewer_name')).toEqual({ kind: 'field', value: 'reviewerName' });
    expect(parseAssignee('user:li_na')).toEqual({ kind: 'user', value: 'li_na' });
    expect(parseAssigneeList('role:admin,user:lina')).toHaveLength(2);
    expect(parseAssigneeList('role:admin,nobody')).toBeUndefined();
    expect(parseAssigneeList('')).toEqual([]);
  });

  it('reads field rights (left out = read-only) and writes only the exceptions', () => {
    expect(parseFieldAccess('approvedAmount:edit,phone:hidden')).toEqual({ approvedAmount: 'edit', phone: 'hidden' });
    // Written by property before, by column now: the same rights, by property (a designer key is its own property).
    expect(parseFieldAccess('approved_amount:edit,input_1700000000000:hidden')).toEqual({ approvedAmount: 'edit', input_1700000000000: 'hidden' });
    expect(parseFieldAccess('approved_amount:write')).toBeUndefined();
    expect(parseFieldAccess('1x:edit')).toBeUndefined();
    expect(formatFieldAccess({ a: 'edit', b: 'read', c: 'hidden' })).toBe('a:edit,c:hidden');
  });

  it('reads a condition as JSON objects only', () => {
    expect(parseConditionText('{"applyAmount":{"$gt":100000}}')).toEqual({ applyAmount: { $gt: 100000 } });
    expect(parseConditionText('{"apply_amount":{"$gt":100000}}')).toEqual({ applyAmount: { $gt: 100000 } });
    expect(parseConditionText('{"$or":[{"pay_status":{"$eq":"2"}},{"$not":{"apply_amount":{"$lt":1}}}]}')).toEqual({
      $or: [{ payStatus: { $eq: '2' } }, { $not: { applyAmount: { $lt: 1 } } }],
    });
    expect(parseConditionText('apply_amount > 5')).toBeUndefined();
    expect(parseConditionText('[1]')).toBeUndefined();
    expect(parseConditionText('')).toBeUndefined();
  });

  it('renames the fields of a condition only, leaving what is not the grammar for its check', () => {
    const upper = (name: string) => name.toUpperCase();
    expect(renameConditionFields({ $and: [{ a: { $eq: 1 } }, { $not: { b: { $empty: true } } }] }, upper)).toEqual({
      $and: [{ A: { $eq: 1 } }, { $not: { B: { $empty: true } } }],
    });
    expect(renameConditionFields({ $and: [null, 1] } as never, upper)).toEqual({ $and: [null, 1] });
  });
});
