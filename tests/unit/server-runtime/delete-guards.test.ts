import { describe, expect, it } from 'vitest';
import type { SchemaDocument } from '../../../src/core/schema/types.generated.ts';
import { guardAllowed } from '../../../server/engine/write/delete-guards.ts';
import { Registry } from '../../../server/engine/schema/registry.ts';
import { buildDepartTree } from '../../../server/services/departs.ts';

const doc = (code: string, table: string): SchemaDocument => ({
  version: 2,
  code,
  title: code,
  entity: { table, fields: [{ name: 'parent_id', label: '上级', type: 'string' }] },
});

describe('restrictDelete guards', () => {
  const registry = new Registry([doc('a/node', 'a_node')]);

  it("may name a document's table with a declared column, or a known system link", () => {
    expect(guardAllowed(registry, { table: 'a_node', field: 'parent_id', message: 'x' })).toBe(true);
    expect(guardAllowed(registry, { table: 'sys_user_depart', field: 'dep_id', message: 'x' })).toBe(true);
  });

  it('may not name other tables or undeclared columns (a stored document cannot probe the database)', () => {
    expect(guardAllowed(registry, { table: 'sys_user', field: 'password', message: 'x' })).toBe(false);
    expect(guardAllowed(registry, { table: 'a_node', field: 'secret', message: 'x' })).toBe(false);
    expect(guardAllowed(registry, { table: 'sys_user_depart', field: 'id_card', message: 'x' })).toBe(false);
  });
});

describe('department tree', () => {
  const row = (id: string, parent_id: string | null, name: string) => ({
    id,
    parent_id,
    depart_name: name,
    org_code: id,
    org_category: '2',
    depart_order: 0,
    description: null,
    leader: null,
    status: '1',
    del_flag: 0,
    tenant_id: 0,
    create_by: null,
    create_time: null,
    update_by: null,
    update_time: null,
  });

  it('nests rows under their parents in order; a parent gone makes its child a root', () => {
    const tree = buildDepartTree([row('a', null, '基金会'), row('b', 'a', '办公室'), row('c', 'a', '财务部'), row('d', 'gone', '孤儿部')]);
    expect(tree.map((n) => n.title)).toEqual(['基金会', '孤儿部']);
    expect(tree[0]).toMatchObject({ id: 'a', key: 'a', isLeaf: false });
    expect(tree[0].children!.map((n) => [n.title, n.isLeaf])).toEqual([
      ['办公室', true],
      ['财务部', true],
    ]);
  });

  it('never loops: departments whose parents lead back to themselves become roots', () => {
    const self = buildDepartTree([row('a', 'a', '自己')]);
    expect(self.map((n) => n.title)).toEqual(['自己']);
    expect(self[0].children).toBeUndefined();
    const pair = buildDepartTree([row('a', 'b', '甲'), row('b', 'a', '乙'), row('c', 'a', '丙')]);
    expect(pair.map((n) => n.title)).toEqual(['甲', '乙']);
    expect(pair[0].children!.map((n) => n.title)).toEqual(['丙']);
  });
});
