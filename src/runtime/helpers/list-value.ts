/*
 * Multi-valued fields are stored as comma lists (usernames, department ids, file paths, dictionary codes);
 * a virtual field may carry an array instead (a user's roles). Every screen splits them the same way.
 */

/** 'a,b,,c' → ['a', 'b', 'c']; an array → its items, each split the same way; nothing → []. */
export function splitList(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => (item === null || item === undefined ? [] : splitList(String(item))));
  return typeof value === 'string'
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
}

export const joinList = (items: string[]) => items.join(',');
