import { badRequest } from './envelope.ts';

/* Page parameters of hand-written lists (announcements, the workflow's lists), checked the same way. */

/** An integer query parameter within bounds, or the fallback when it is absent. */
export function intOf(value: unknown, fallback: number, min: number, max: number, label: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw badRequest(`${label}必须是 ${min} 到 ${max} 之间的整数`);
  return n;
}

/** pageNo (default 1) and pageSize (default 10, at most 200). */
export const paging = (q: Record<string, unknown>) => ({
  pageNo: intOf(q.pageNo, 1, 1, 100_000, 'pageNo'),
  pageSize: intOf(q.pageSize, 10, 1, 200, 'pageSize'),
});
