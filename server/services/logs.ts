import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { nowText } from '../lib/time.ts';

export const LOG_LOGIN = 1;
export const LOG_OPERATION = 2;

/** Login and logout lines of the system log (the logs screen and /sys/loginfo read them). */
export async function recordLogin(db: Kysely<DB>, entry: { userId: string | null; username: string; ip: string; content: string; tenantId?: number }) {
  await db
    .insertInto('sys_log')
    .values({
      id: newId(),
      log_type: LOG_LOGIN,
      log_content: entry.content,
      operate_type: null,
      userid: entry.userId,
      username: entry.username,
      ip: entry.ip,
      method: null,
      request_url: null,
      request_type: null,
      request_param: null,
      cost_time: null,
      create_time: nowText(),
      tenant_id: entry.tenantId ?? 0,
    })
    .execute();
}
