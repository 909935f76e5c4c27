import { expect } from 'vitest';
import type { TestServer } from './server.ts';

/** The database round trips a request sent, as a server started with COUNT_ROUND_TRIPS=true reports them. */
export const roundTripsOf = (r: { headers: Headers }) => Number(r.headers.get('x-db-round-trips'));

/**
 * GETs `path` until it sends at most `budget` round trips (or 5 s pass), and returns the last count. A grant
 * change at start-up drops the grant cache once more when its notice comes back (300 ms later, on PostgreSQL
 * through LISTEN): steady state is the first request after that.
 */
export async function steadyRoundTrips(s: TestServer, path: string, token: string, budget: number): Promise<number> {
  let last = 0;
  await expect
    .poll(
      async () => {
        const r = await s.api.get(path, token);
        expect(r.body.success, JSON.stringify(r.body).slice(0, 200)).toBe(true);
        return (last = roundTripsOf(r));
      },
      { timeout: 5000, interval: 200 },
    )
    .toBeLessThanOrEqual(budget);
  return last;
}
