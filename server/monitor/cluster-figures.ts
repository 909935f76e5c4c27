import { formatTimestamp } from '../lib/time.ts';
import type { ProcessRow } from './heartbeat.ts';
import type { ClusterFigures, ClusterTotal, ProcessEntry, ProcessFigures } from '../../src/core/monitor-types.ts';
import { round } from './units.ts';

/*
 * GET /monitor/server: every process sharing the database, from the heartbeat rows — except the process
 * answering, whose figures are read fresh — and their total. A row not written for LIVE_INTERVALS
 * heartbeats is shown as not live (a process killed or hung) and left out of the total.
 */

export const LIVE_INTERVALS = 3;

export interface SelfProcess {
  id: string;
  host: string;
  pid: number;
  /** When it started, if it has no row yet (its first heartbeat failed). */
  startedAt: Date;
  figures: ProcessFigures;
}

const timeOf = (epochSeconds: number) => formatTimestamp(new Date(epochSeconds * 1000));

export function totalOf(processes: ProcessEntry[]): ClusterTotal {
  const live = processes.filter((p) => p.live);
  const sum = (pick: (p: ProcessEntry) => number) => live.reduce((n, p) => n + pick(p), 0);
  const rate = sum((p) => p.requestsPerSecond);
  return {
    processes: live.length,
    requests: sum((p) => p.requests),
    errors: sum((p) => p.errors),
    errorRate: rate ? round(sum((p) => p.errorRate * p.requestsPerSecond) / rate, 4) : 0,
    requestsPerSecond: round(rate, 2),
    openConnections: sum((p) => p.openConnections),
    websockets: sum((p) => p.websockets),
  };
}

/** The figures alone, in the order the answer lists them. */
const figuresOf = (f: ProcessFigures): ProcessFigures => ({
  requests: f.requests,
  errors: f.errors,
  errorRate: f.errorRate,
  requestsPerSecond: f.requestsPerSecond,
  p50Ms: f.p50Ms,
  p99Ms: f.p99Ms,
  openConnections: f.openConnections,
  websockets: f.websockets,
  heapUsedMb: f.heapUsedMb,
  rssMb: f.rssMb,
});

export function clusterFigures(self: SelfProcess, rows: ProcessRow[], intervalSeconds: number, now = new Date()): ClusterFigures {
  const own = rows.find((r) => r.id === self.id);
  const fresh: ProcessEntry = {
    id: self.id,
    host: self.host,
    pid: self.pid,
    startedAt: own ? timeOf(own.startedAt) : formatTimestamp(self.startedAt),
    seenAt: formatTimestamp(now),
    live: true,
    ...figuresOf(self.figures),
  };
  const processes = rows.map((r): ProcessEntry =>
    r.id === self.id
      ? fresh
      : {
          id: r.id,
          host: r.host,
          pid: r.pid,
          startedAt: timeOf(r.startedAt),
          seenAt: timeOf(r.seenAt),
          live: r.ageSeconds <= LIVE_INTERVALS * intervalSeconds,
          ...figuresOf(r),
        },
  );
  if (!own) processes.unshift(fresh);
  return { self: self.id, intervalSeconds, processes, total: totalOf(processes) };
}
