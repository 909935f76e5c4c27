import { describe, expect, it } from 'vitest';
import { drawsVirtually, treeDrawing, VIRTUAL_TREE_FROM, WHOLE_TREE_CLASS } from '../../src/runtime/helpers/tree-size.ts';

const chain = (n: number) => [{ children: Array.from({ length: n - 1 }, () => ({ children: [] })) }];

describe('which trees draw only the nodes in view', () => {
  it('draws a tree of fewer than a thousand nodes whole, counting nested nodes', () => {
    expect(drawsVirtually([])).toBe(false);
    expect(drawsVirtually(chain(VIRTUAL_TREE_FROM - 1))).toBe(false);
  });

  it('draws a larger tree as a virtual list, wherever its nodes sit', () => {
    expect(drawsVirtually(chain(VIRTUAL_TREE_FROM))).toBe(true);
    expect(drawsVirtually([{ children: [{ children: chain(VIRTUAL_TREE_FROM) }] }])).toBe(true);
  });

  it('marks a tree drawn whole, whose nodes out of view the browser skips, and leaves a virtual one as it is', () => {
    expect(treeDrawing(chain(VIRTUAL_TREE_FROM - 1))).toEqual({ virtual: false, className: WHOLE_TREE_CLASS });
    expect(treeDrawing(chain(VIRTUAL_TREE_FROM))).toEqual({ virtual: true });
  });
});
