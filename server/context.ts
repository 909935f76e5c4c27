import type { Kysely } from 'kysely';
import type { LoginLockout } from './auth/lockout.ts';
import type { SessionResolver } from './auth/session.ts';
import type { TokenService } from './auth/tokens.ts';
import type { ServerConfig } from './config.ts';
import type { DbKind } from './db/connect.ts';
import type { DB } from './db/schema.ts';
import type { CacheRegistry } from './monitor/cache-stats.ts';
import type { ProcessHeartbeat } from './monitor/heartbeat.ts';
import type { ProcessMetrics } from './monitor/metrics.ts';
import type { SlowStatements } from './monitor/slow-statements.ts';
import type { Notices } from './realtime/notices.ts';
import type { SchemaRuntime } from './engine/runtime.ts';
import type { DictionaryService } from './services/dictionaries.ts';
import type { FileStore } from './services/file-store.ts';
import type { PermissionService } from './services/permissions.ts';
import type { UserMessages } from './services/user-messages.ts';

/** The services every route module receives: built once in app.ts, no globals. */
export interface AppContext {
  config: ServerConfig;
  db: Kysely<DB>;
  dbKind: DbKind;
  tokens: TokenService;
  sessions: SessionResolver;
  lockout: LoginLockout;
  permissions: PermissionService;
  dictionaries: DictionaryService;
  /** Change notices between the processes sharing the database (in-process on the embedded one). */
  notices: Notices;
  /** The schema runtime: documents in force, generic CRUD; started (loaded and synced) by buildApp. */
  runtime: SchemaRuntime;
  /** This process's request counts, latencies and trace (monitoring). */
  metrics: ProcessMetrics;
  /** This process's slow statements (timed where every statement passes, server/db/round-trips.ts). */
  statements: SlowStatements;
  /** This process's caches and their hit counts; a cache made later (the workflow engine's) adds itself. */
  caches: CacheRegistry;
  /** This process's row among all processes' figures (sys_monitor_process); started and stopped by buildApp. */
  heartbeat: ProcessHeartbeat;
  /** Messages to named users (announcements released at once, pushed live). */
  messages: UserMessages;
  /** Where uploaded bytes live: the upload directory, or an S3-compatible bucket shared by every process. */
  files: FileStore;
}
