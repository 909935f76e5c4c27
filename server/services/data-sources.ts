import type { Kysely } from 'kysely';
import pg from 'pg';
import { badRequest } from '../http/envelope.ts';
import { databaseUrlProblem } from '../engine/write/field-checks.ts';
import { decryptSecret } from '../engine/write/secrets.ts';

/*
 * Data source records (system/data_source): a PostgreSQL URL, a user and an encrypted password. The test
 * connects with those credentials, runs `select 1` and disconnects; only postgres:// URLs are tried.
 */

export const DATA_SOURCE_TABLE = 'data_source';
const TIMEOUT_MS = 5000;

export async function testDataSource(db: Kysely<any>, id: string): Promise<string> {
  const row = await db.selectFrom(DATA_SOURCE_TABLE).select(['db_url', 'db_username', 'db_password']).where('id', '=', id).executeTakeFirst();
  if (!row) throw badRequest('数据源不存在');
  const problem = databaseUrlProblem(String(row.db_url ?? ''));
  if (problem) throw badRequest(problem);
  const client = new pg.Client({
    connectionString: row.db_url,
    user: row.db_username || undefined,
    password: decryptSecret(row.db_password) || undefined,
    connectionTimeoutMillis: TIMEOUT_MS,
    query_timeout: TIMEOUT_MS,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return '数据库连接成功';
  } catch (error) {
    throw badRequest(`数据库连接失败：${error instanceof Error ? error.message.slice(0, 200) : String(error)}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}
