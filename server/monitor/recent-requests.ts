import type { ProcessFigures } from '../../src/core/monitor-types.ts';
import { round } from './units.ts';

/*
 * The last minute of this process's requests, in fixed memory: a count of requests and of 5xx answers per
 * second (60 slots, reused as the seconds go by), and the durations of the most recent requests in a ring
 * (DURATIONS_KEPT) for the latency percentiles. Past that many requests a minute, the percentiles are
 * those of the latest DURATIONS_KEPT requests; the counts stay exact.
 */

export const WINDOW_SECONDS = 60;
export const DURATIONS_KEPT = 4096;

/** The window's figures, named as a process's are (src/core/monitor-types.ts) — `requests` and `errors` here count the window only. */
export type RecentFigures = Pick<ProcessFigures, 'requests' | 'errors' | 'errorRate' | 'requestsPerSecond' | 'p50Ms' | 'p99Ms'>;

/** The nearest-rank percentile of sorted values (0 for none). */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (!sorted.length) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export class RecentRequests {
  private readonly second = new Float64Array(WINDOW_SECONDS).fill(-1);
  private readonly counts = new Uint32Array(WINDOW_SECONDS);
  private readonly failures = new Uint32Array(WINDOW_SECONDS);
  private readonly durations = new Float64Array(DURATIONS_KEPT);
  private readonly endedAt = new Float64Array(DURATIONS_KEPT);
  private next = 0;
  private held = 0;

  constructor(private readonly startedAt = Date.now()) {}

  record(ms: number, failed: boolean, now = Date.now()): void {
    const sec = Math.floor(now / 1000);
    const slot = sec % WINDOW_SECONDS;
    if (this.second[slot] !== sec) {
      this.second[slot] = sec;
      this.counts[slot] = 0;
      this.failures[slot] = 0;
    }
    this.counts[slot] += 1;
    if (failed) this.failures[slot] += 1;
    this.durations[this.next] = ms;
    this.endedAt[this.next] = now;
    this.next = (this.next + 1) % DURATIONS_KEPT;
    this.held = Math.min(this.held + 1, DURATIONS_KEPT);
  }

  figures(now = Date.now()): RecentFigures {
    const sec = Math.floor(now / 1000);
    let requests = 0;
    let errors = 0;
    for (let i = 0; i < WINDOW_SECONDS; i++) {
      if (this.second[i] > sec - WINDOW_SECONDS && this.second[i] <= sec) {
        requests += this.counts[i];
        errors += this.failures[i];
      }
    }
    const since = now - WINDOW_SECONDS * 1000;
    const recent: number[] = [];
    for (let i = 0; i < this.held; i++) if (this.endedAt[i] > since) recent.push(this.durations[i]);
    const sorted = Float64Array.from(recent).sort();
    // A process younger than the window is measured over its own life (at least a second).
    const seconds = Math.min(WINDOW_SECONDS, Math.max(1, (now - this.startedAt) / 1000));
    return {
      requests,
      errors,
      errorRate: requests ? round(errors / requests, 4) : 0,
      requestsPerSecond: round(requests / seconds, 2),
      p50Ms: round(percentile(sorted, 50)),
      p99Ms: round(percentile(sorted, 99)),
    };
  }
}
