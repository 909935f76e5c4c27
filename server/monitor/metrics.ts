import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/*
 * This process's figures: Prometheus metrics (prom-client: its default process metrics — CPU, heap, event
 * loop lag, GC — plus requests by route and status and their latency) and a bounded trace of the last
 * requests (method, route path without its query, status, duration, user, time — never a token, a query
 * string or a body).
 */

export interface TraceEntry {
  time: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  user: string | null;
}

export const TRACE_SIZE = 200;

export class ProcessMetrics {
  readonly registry = new Registry();
  readonly trace: TraceEntry[] = [];
  readonly loop = monitorEventLoopDelay({ resolution: 20 });
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route'>;
  requestCount = 0;

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'hope_' });
    this.requests = new Counter({ name: 'hope_http_requests_total', help: 'HTTP requests answered', labelNames: ['method', 'route', 'status'], registers: [this.registry] });
    this.latency = new Histogram({ name: 'hope_http_request_duration_seconds', help: 'HTTP request duration', labelNames: ['method', 'route'], buckets: [0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5], registers: [this.registry] });
    this.loop.enable();
  }

  /** Counts and traces every answered request (the route's pattern, so ids and queries stay out). */
  attach(app: FastifyInstance): void {
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const ms = reply.elapsedTime;
      this.requestCount += 1;
      this.requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      this.latency.observe({ method: request.method, route }, ms / 1000);
      this.trace.push({ time: new Date().toISOString(), method: request.method, path: request.url.split('?')[0], status: reply.statusCode, ms: Math.round(ms * 10) / 10, user: request.session?.user.username ?? null });
      if (this.trace.length > TRACE_SIZE) this.trace.splice(0, this.trace.length - TRACE_SIZE);
    });
  }

  stop(): void {
    this.loop.disable();
  }
}
