import { describe, expect, it } from 'vitest';
import { readSchemaFiles } from '../../server/engine/schema/loader.ts';
import { AUDIT_NAMES } from '../../src/core/schema/audit-fields.ts';
import { columnFor, PropertyMap, propertyOf, toSnake } from '../../src/core/schema/field-names.ts';
import type { SchemaDocument } from '../../src/core/schema/types.generated.ts';

describe('field names between the database and JeecgBoot', () => {
  it('takes JeecgBoot’s names back to columns', () => {
    expect(toSnake('createTime')).toBe('create_time');
    expect(toSnake(propertyOf('sys_org_code'))).toBe('sys_org_code');
    expect(toSnake('id')).toBe('id');
  });
});

describe('a column’s property', () => {
  it('is its camel name when that comes back to the column', () => {
    expect(propertyOf('create_time')).toBe('createTime');
    expect(propertyOf('sys_org_code')).toBe('sysOrgCode');
    expect(propertyOf('realname')).toBe('realname');
    expect(propertyOf('a_b2c')).toBe('aB2c');
  });

  it('is the column itself where the camel name would not come back: designer keys, digits after an underscore', () => {
    expect(propertyOf('input_1700000000000')).toBe('input_1700000000000');
    expect(propertyOf('address_line_2')).toBe('address_line_2');
    expect(columnFor('input_1700000000000')).toBe('input_1700000000000');
    expect(columnFor('address_line_2')).toBe('address_line_2');
  });

  it('round-trips both ways, acronyms included', () => {
    for (const property of ['userID', 'idCard', 'orgCode', 'a1B', 'x']) expect(propertyOf(columnFor(property))).toBe(property);
    const columns = [...AUDIT_NAMES, ...readSchemaFiles().flatMap((s) => (s.raw as SchemaDocument).entity.fields.map((f) => columnFor(f.name)))];
    const properties = new Set<string>();
    for (const column of columns) {
      expect(columnFor(propertyOf(column)), column).toBe(column);
      properties.add(`${propertyOf(column)}→${column}`);
    }
    // No two columns share a property.
    const byProperty = new Map<string, string>();
    for (const pair of properties) {
      const [property, column] = pair.split('→');
      expect(byProperty.get(property) ?? column, property).toBe(column);
      byProperty.set(property, column);
    }
  });
});

describe('an entity’s property map', () => {
  const map = new PropertyMap(['id', 'create_time', 'org_code', 'input_1700000000000']);

  it('answers a row under its properties, dictionary texts included, and leaves other keys alone', () => {
    expect(map.toWire({ id: '1', create_time: 't', org_code: 'A01', org_code_dictText: '总部', input_1700000000000: 'x', children: [] })).toEqual({
      id: '1',
      createTime: 't',
      orgCode: 'A01',
      orgCode_dictText: '总部',
      input_1700000000000: 'x',
      children: [],
    });
  });

  it('knows a property’s column and refuses a column’s snake name as a property', () => {
    expect(map.column('orgCode')).toBe('org_code');
    expect(map.column('org_code')).toBeUndefined();
    expect(map.column('nothing')).toBeUndefined();
    expect(map.property('nothing_dictText')).toBeUndefined();
  });
});
