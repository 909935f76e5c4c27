import { CacheStats } from '../monitor/cache-stats.ts';
import type { Notices } from '../realtime/notices.ts';

/*
 * What a token may do and see — its user row, revocation, tenants, permission checks, data rules — looked
 * up once per user and kept here until something they derive from changes. Any write to the tables
 * below (whichever code path sends it: the writer, a service, a migration) drops this process's copy at
 * once and, shortly after (once the writing transaction has committed), again, and tells every other
 * process through the 'grants' notice (LISTEN/NOTIFY on PostgreSQL), so all drop theirs within the
 * notice's delay. A lost notice connection resyncs by dropping everything.
 */

export const GRANT_TABLES: ReadonlySet<string> = new Set([
  'sys_user',
  'sys_role',
  'sys_user_role',
  'sys_permission',
  'sys_role_permission',
  'sys_permission_data_rule',
  'sys_depart',
  'sys_user_depart',
  'sys_depart_permission',
  'sys_depart_role',
  'sys_depart_role_user',
  'sys_depart_role_permission',
  'sys_tenant',
  'sys_user_tenant',
  'sys_token_revoked',
]);

/** Time for the writing transaction to commit before the second drop and the notice to other processes. */
const SETTLE_MS = 300;
/** A bound on the entries kept (a key per user and permission code): past it, start afresh. */
const MAX_ENTRIES = 100_000;
const TOPIC = 'grants';

export class GrantCache {
  private entries = new Map<string, Promise<unknown>>();
  private settle: ReturnType<typeof setTimeout> | undefined;
  readonly stats = new CacheStats('grants', '权限（用户、会话、授权、数据规则）', () => this.entries.size);

  constructor(private readonly notices: Notices) {
    notices.on(TOPIC, () => this.drop());
  }

  /** The value under `key`, loaded once until the next change. A failed load is not kept. */
  memo<T>(key: string, load: () => Promise<T>): Promise<T> {
    const found = this.entries.get(key);
    if (found) {
      this.stats.hit();
      return found as Promise<T>;
    }
    this.stats.miss();
    if (this.entries.size >= MAX_ENTRIES) this.entries = new Map();
    const entries = this.entries;
    const loading = load();
    entries.set(key, loading);
    loading.catch(() => entries.get(key) === loading && entries.delete(key));
    return loading;
  }

  /** Drops everything this process holds (a load still running keeps to the map it started in). */
  drop(): void {
    this.entries = new Map();
  }

  /** A grant table was written: drop now, and once more with every process after the commit. */
  changed(): void {
    this.drop();
    if (this.settle) return;
    this.settle = setTimeout(() => {
      this.settle = undefined;
      // The notice reaches this process too, which drops again: a load that ran before the commit is gone.
      this.notices.publish(TOPIC).catch((error) => console.warn('grants notice failed:', error));
    }, SETTLE_MS);
    this.settle.unref?.();
  }

  close(): void {
    clearTimeout(this.settle);
    this.settle = undefined;
  }
}
