import { describe, expect, it } from 'vitest';
import { jeecgFieldName, toSnake } from '../../src/core/schema/field-names.ts';

describe('field names between the database and JeecgBoot', () => {
  it('names a column as JeecgBoot’s Java field, keeping a dictionary text’s suffix', () => {
    expect(jeecgFieldName('org_code')).toBe('orgCode');
    expect(jeecgFieldName('org_code_dictText')).toBe('orgCode_dictText');
    expect(jeecgFieldName('create_time')).toBe('createTime');
    expect(jeecgFieldName('id')).toBe('id');
  });

  it('takes JeecgBoot’s names back to columns', () => {
    expect(toSnake('createTime')).toBe('create_time');
    expect(toSnake(jeecgFieldName('sys_org_code'))).toBe('sys_org_code');
    expect(toSnake('id')).toBe('id');
  });
});
