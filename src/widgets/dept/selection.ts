/*
 * Selection rules shared by the department picker and the user-by-department modal (spec sections 4
 * and 9): values travel as comma lists; at most 99 items may be picked (min 0); in single mode the
 * newest check replaces the previous one.
 */

export const MAX_PICKED = 99;
export const TOO_MANY_MESSAGE = `最多只能选择${MAX_PICKED}项`;

/**
 * The keys checked after a click. `checked` is what the tree reports now (strict check: no parent-child
 * linking). Single mode keeps only the key just added. A multi selection above the maximum is refused
 * (the previous keys stay) and says so.
 */
export function nextChecked(previous: string[], checked: string[], multiple: boolean, max = MAX_PICKED): { keys: string[]; refused: boolean } {
  if (!multiple) {
    const added = checked.filter((k) => !previous.includes(k));
    return { keys: added.length ? [added[added.length - 1]] : checked.filter((k) => previous.includes(k)).slice(-1), refused: false };
  }
  if (checked.length > max) return { keys: previous, refused: true };
  return { keys: checked, refused: false };
}
