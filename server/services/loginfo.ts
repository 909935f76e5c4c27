import { type Kysely, sql } from 'kysely';
import type { LoginInfo, VisitDay } from '../../src/core/api-types.ts';
import type { DB } from '../db/schema.ts';
import { formatTimestamp } from '../lib/time.ts';
import { LOG_LOGIN } from './logs.ts';

/*
 * The login/visit figures of spec section 7 (GET /sys/loginfo, /sys/visitInfo), read from the login lines
 * of sys_log as JeecgBoot reads them: every line of the login type is a visit (sign-ins and sign-outs
 * alike), distinct addresses are counted per day. Days are the server's local days, like create_time.
 */

const VISIT_DAYS = 7;

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
const dayText = (d: Date) => formatTimestamp(d).slice(0, 10);

export async function loginInfo(db: Kysely<DB>, now = new Date()): Promise<LoginInfo> {
  const today = startOfDay(now);
  const row = await db
    .selectFrom('sys_log')
    .select([
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) filter (where create_time >= ${formatTimestamp(today)} and create_time < ${formatTimestamp(addDays(today, 1))})`.as('today'),
      sql<string>`count(distinct ip) filter (where create_time >= ${formatTimestamp(today)} and create_time < ${formatTimestamp(addDays(today, 1))})`.as(
        'today_ip',
      ),
    ])
    .where('log_type', '=', LOG_LOGIN)
    .executeTakeFirstOrThrow();
  return { totalVisitCount: Number(row.total), todayVisitCount: Number(row.today), todayIp: Number(row.today_ip) };
}

/** The last seven days up to today, oldest first; a day without visits is there with zeros. */
export async function visitInfo(db: Kysely<DB>, now = new Date()): Promise<VisitDay[]> {
  const end = addDays(startOfDay(now), 1);
  const start = addDays(end, -VISIT_DAYS);
  const rows = await db
    .selectFrom('sys_log')
    .select([sql<string>`to_char(create_time, 'YYYY-MM-DD')`.as('tian'), sql<string>`count(*)`.as('visit'), sql<string>`count(distinct ip)`.as('ip')])
    .where('log_type', '=', LOG_LOGIN)
    .where('create_time', '>=', formatTimestamp(start))
    .where('create_time', '<', formatTimestamp(end))
    .groupBy(sql`1`)
    .execute();
  const byDay = new Map(rows.map((r) => [r.tian, r]));
  return Array.from({ length: VISIT_DAYS }, (_, i) => {
    const tian = dayText(addDays(start, i));
    const found = byDay.get(tian);
    return { tian, type: tian.slice(5), visit: Number(found?.visit ?? 0), ip: Number(found?.ip ?? 0) };
  });
}
