import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { formatTimestamp } from '../lib/time.ts';

/*
 * Five wrong passwords for one account within 15 minutes lock it for 15 minutes from the fifth.
 * Failures live in the database, so every server process sees the same count.
 */
export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60 * 1000;

export class LoginLockout {
  constructor(private readonly db: Kysely<DB>) {}

  private async recentFailures(username: string, now: Date): Promise<string[]> {
    const rows = await this.db
      .selectFrom('sys_login_failure')
      .select('failed_at')
      .where('username', '=', username)
      .where('failed_at', '>', formatTimestamp(new Date(now.getTime() - WINDOW_MS), true))
      .orderBy('failed_at', 'desc')
      .limit(MAX_FAILURES)
      .execute();
    return rows.map((r) => r.failed_at);
  }

  /** Milliseconds the account stays locked, or 0. */
  async lockedFor(username: string, now = new Date()): Promise<number> {
    const recent = await this.recentFailures(username, now);
    if (recent.length < MAX_FAILURES) return 0;
    const newest = new Date(recent[0].replace(' ', 'T')).getTime();
    return Math.max(0, newest + WINDOW_MS - now.getTime());
  }

  /** Records a failure and says how many tries remain before the lock (0 means now locked). */
  async recordFailure(username: string, ip: string, now = new Date()): Promise<number> {
    await this.db
      .insertInto('sys_login_failure')
      .values({ username, ip, failed_at: formatTimestamp(now, true) })
      .execute();
    const recent = await this.recentFailures(username, now);
    return Math.max(0, MAX_FAILURES - recent.length);
  }

  async clear(username: string): Promise<void> {
    await this.db.deleteFrom('sys_login_failure').where('username', '=', username).execute();
  }
}

export const lockedMessage = (ms: number) => `密码错误次数过多，账号已锁定，请${Math.max(1, Math.ceil(ms / 60000))}分钟后再试`;
