/*
 * Report rows have no declared key: the spec keys a row by all its values concatenated, cut to 50
 * characters. Two rows can share those 50 characters; the later one gets a numbered suffix so the table
 * and the selection still tell them apart.
 */
export const ROW_KEY_LENGTH = 50;

export function rowKeyOf(row: Record<string, unknown>): string {
  return Object.values(row)
    .map((v) => (v === null || v === undefined ? '' : String(v)))
    .join('')
    .slice(0, ROW_KEY_LENGTH);
}

/** The rows of one page with a unique __key each. */
export function withRowKeys<T extends Record<string, unknown>>(rows: T[]): (T & { __key: string })[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const base = rowKeyOf(row);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return { ...row, __key: n === 0 ? base : `${base}#${n}` };
  });
}
