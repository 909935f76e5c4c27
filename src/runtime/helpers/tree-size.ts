import './tree-size.css';

/*
 * A tree of fewer than a thousand nodes (the admin's menus and buttons, a foundation's departments) draws
 * every node: the browser's find (Ctrl+F) and a test reach any of them. Past that, antd's Tree draws only
 * the nodes in view (its `virtual` list, which needs a `height`): a thousand departments opened out took
 * seconds to draw. A tree drawn whole still has its nodes out of view skipped by the browser's style and
 * layout passes (`content-visibility: auto`, tree-size.css) until they scroll into view: 部门管理's form holds
 * the ~480-node 部门权限 tree, and every style pass of the page (a picker's modal opening over it, 600 ms of
 * them in a trace) recomputed all its ~5,500 elements.
 */
export const VIRTUAL_TREE_FROM = 1000;

interface Branch {
  children?: readonly Branch[] | null;
}

/** Whether a tree with these roots holds enough nodes to be drawn as a virtual list. */
export function drawsVirtually(roots: readonly Branch[]): boolean {
  let count = 0;
  const stack = [...roots];
  while (stack.length) {
    const node = stack.pop()!;
    if (++count >= VIRTUAL_TREE_FROM) return true;
    if (node.children) stack.push(...node.children);
  }
  return false;
}

/** The class of a tree drawn whole: its nodes out of view are skipped by style and layout (tree-size.css). */
export const WHOLE_TREE_CLASS = 'tree-drawn-whole';

/** The props deciding how a tree with these roots is drawn: a virtual list, or whole with its hidden nodes skipped. */
export function treeDrawing(roots: readonly Branch[]): { virtual: boolean; className?: string } {
  const virtual = drawsVirtually(roots);
  return virtual ? { virtual } : { virtual, className: WHOLE_TREE_CLASS };
}
