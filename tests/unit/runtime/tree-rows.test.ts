import { describe, expect, it } from 'vitest';
import { nestRows, TREE_CHILDREN } from '../../../src/runtime/renderers/list/tree-rows.ts';

describe('tree lists (list.tree)', () => {
  it('nests rows under their parents in the server order; orphans of a filtered list are roots', () => {
    const rows = [
      { id: 'b1', name: '添加', parent_id: 'm2' },
      { id: 'm1', name: '捐赠管理', parent_id: null },
      { id: 'm2', name: '捐赠活动', parent_id: 'm1' },
      { id: 'x', name: '孤儿', parent_id: 'gone' },
      { id: 'b2', name: '编辑', parent_id: 'm2' },
    ];
    const roots = nestRows(rows, 'parent_id');
    expect(roots.map((r) => r.id)).toEqual(['m1', 'x']);
    const activity = (roots[0][TREE_CHILDREN] as typeof rows)[0];
    expect(activity.id).toBe('m2');
    expect((activity as Record<string, unknown>)[TREE_CHILDREN]).toEqual([
      { id: 'b1', name: '添加', parent_id: 'm2' },
      { id: 'b2', name: '编辑', parent_id: 'm2' },
    ]);
    // The input rows are left as they were.
    expect(rows[1]).not.toHaveProperty(TREE_CHILDREN);
  });
});
