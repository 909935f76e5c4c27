import { describe, expect, it } from 'vitest';
import { drawsVirtually, VIRTUAL_TREE_FROM } from '../../src/runtime/helpers/tree-size.ts';

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
});
