/*
 * The figures of 系统监控 and the dashboards' 监控 as they cross the wire ({API_BASE}/monitor/*): declared
 * once, returned by the server's handlers and read by the client's screens.
 */

/** One process's figures, as its heartbeat row holds them and GET /monitor/server shows them. */
export interface ProcessFigures {
  requests: number;
  errors: number;
  /** The last minute's share of 5xx answers, 0–1. */
  errorRate: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  openConnections: number;
  websockets: number;
  heapUsedMb: number;
  rssMb: number;
}

export interface ProcessEntry extends ProcessFigures {
  id: string;
  host: string;
  pid: number;
  startedAt: string;
  seenAt: string;
  live: boolean;
}

export interface ClusterTotal {
  processes: number;
  requests: number;
  errors: number;
  /** The last minute's share of 5xx answers across the live processes (each weighted by its request rate). */
  errorRate: number;
  requestsPerSecond: number;
  openConnections: number;
  websockets: number;
}

/** GET /monitor/server. */
export interface ClusterFigures {
  self: string;
  intervalSeconds: number;
  processes: ProcessEntry[];
  total: ClusterTotal;
}

/** One SQL text of GET /monitor/statements: its placeholders only, never the bound values. */
export interface SlowStatement {
  sql: string;
  count: number;
  maxMs: number;
  lastMs: number;
  lastTime: string;
}

/** GET /monitor/statements. */
export interface SlowStatementFigures {
  thresholdMs: number;
  statements: SlowStatement[];
}

export interface CacheFigures {
  name: string;
  label: string;
  entries: number;
  hits: number;
  misses: number;
  /** Hits among look-ups, 0–1 to 4 places; null before the first look-up. */
  hitRate: number | null;
}

export interface RedisFigures {
  version: string;
  mode: string;
  uptimeSeconds: number;
  connectedClients: number;
  usedMemoryMb: number;
  /** Keys in every database of the server. */
  keys: number;
  /** keyspace_hits among look-ups, 0–1; null before any. */
  hitRate: number | null;
  opsPerSecond: number;
}

export type RedisAnswer = RedisFigures | { error: string };

/** GET /monitor/caches: this process's caches, and Redis when REDIS_URL is set. */
export interface CachesFigures {
  caches: CacheFigures[];
  redis: RedisAnswer | null;
}

/** GET /monitor/runtime: this Node.js process. */
export interface RuntimeFigures {
  node: string;
  pid: number;
  uptimeSeconds: number;
  heapUsedMb: number;
  heapTotalMb: number;
  rssMb: number;
  externalMb: number;
  eventLoopDelayMs: { p50: number; p99: number; max: number };
  activeResources: number;
  requests: number;
}

/** GET /monitor/system: the host. */
export interface SystemFigures {
  os: string;
  hostname: string;
  cpu: string;
  cores: number;
  loadPercent: number;
  loadAverage: number;
  memoryTotalMb: number;
  memoryUsedMb: number;
  uptimeSeconds: number;
  /** The host's processes by state (all of them, not only ours). */
  processes: { all: number; running: number; sleeping: number; blocked: number };
}

export interface FilesystemFigures {
  fs: string;
  mount: string;
  type: string;
  sizeMb: number;
  usedMb: number;
  freeMb: number;
  usePercent: number;
}

/** GET /monitor/disk. */
export interface DiskFigures {
  filesystems: FilesystemFigures[];
  dataDirMb: number;
  uploadsMb: number;
}

/** GET /monitor/database. */
export interface DatabaseFigures {
  engine: string;
  version: string;
  sizeMb: number;
  connections: number;
  tables: { name: string; sizeKb: number; rowEstimate: number }[];
}

/** One line of GET /monitor/httptrace: never a token, a query string or a body. */
export interface TraceEntry {
  time: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  user: string | null;
}
