import type { ProcessFigures, TraceEntry } from '../../src/core/monitor-types.ts';
import type { Server } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { RecentRequests } from './recent-requests.ts';
import { megabytes, round } from './units.ts';

/*
 * This process's figures: Prometheus metrics (prom-client: its default process metrics — CPU, heap, event
 * loop lag, GC — plus requests by route and status and their latency) and a bounded trace of the last
 * requests (method, route path without its query, status, duration, user, time — never a token, a query
 * string or a body), and the figures each process writes to its heartbeat row (heartbeat.ts): requests
 * and 5xx answers since start, the last minute's rate and latency, open connections and sockets, memory.
 */

export const TRACE_SIZE = 200;

export class ProcessMetrics {
  readonly registry = new Registry();
  readonly trace: TraceEntry[] = [];
  readonly loop = monitorEventLoopDelay({ resolution: 20 });
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route'>;
  requestCount = 0;
  /** Requests answered with a 5xx status. */
  errorCount = 0;
  readonly recent = new RecentRequests();
  private server: Server | undefined;
  /** The WebSockets open on this process: the real-time hub reports them once it exists (server/realtime). */
  openSockets: () => number = () => 0;

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'hope_' });
    this.requests = new Counter({
      name: 'hope_http_requests_total',
      help: 'HTTP requests answered',
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
    });
    this.latency = new Histogram({
      name: 'hope_http_request_duration_seconds',
      help: 'HTTP request duration',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5],
      registers: [this.registry],
    });
    this.loop.enable();
  }

  /** Counts and traces every answered request (the route's pattern, so ids and queries stay out). */
  attach(app: FastifyInstance): void {
    this.server = app.server;
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const ms = reply.elapsedTime;
      const failed = reply.statusCode >= 500;
      this.requestCount += 1;
      if (failed) this.errorCount += 1;
      this.recent.record(ms, failed);
      this.requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      this.latency.observe({ method: request.method, route }, ms / 1000);
      this.trace.push({
        time: new Date().toISOString(),
        method: request.method,
        path: request.url.split('?')[0],
        status: reply.statusCode,
        ms: round(ms),
        user: request.session?.user.username ?? null,
      });
      if (this.trace.length > TRACE_SIZE) this.trace.splice(0, this.trace.length - TRACE_SIZE);
    });
  }

  /** This process's figures now. */
  async figures(): Promise<ProcessFigures> {
    const { errorRate, requestsPerSecond, p50Ms, p99Ms } = this.recent.figures();
    const memory = process.memoryUsage();
    return {
      requests: this.requestCount,
      errors: this.errorCount,
      errorRate,
      requestsPerSecond,
      p50Ms,
      p99Ms,
      openConnections: await this.connections(),
      websockets: this.openSockets(),
      heapUsedMb: megabytes(memory.heapUsed),
      rssMb: megabytes(memory.rss),
    };
  }

  /** The HTTP connections open on this process's server (kept-alive ones and WebSockets included). */
  private connections(): Promise<number> {
    const server = this.server;
    if (!server) return Promise.resolve(0);
    return new Promise((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
  }

  stop(): void {
    this.loop.disable();
  }
}
