/*
 * A tree of fewer than a thousand nodes (the admin's menus and buttons, a foundation's departments) draws
 * every node: the browser's find (Ctrl+F) and a test reach any of them, and drawing them is quick. Past
 * that, antd's Tree draws only the nodes in view (its `virtual` list, which needs a `height`): a thousand
 * departments opened out took seconds to draw.
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
