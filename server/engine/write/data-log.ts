import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { unnested } from '../../db/unnest-rows.ts';
import { newId } from '../../lib/ids.ts';
import { nextTurn } from '../../lib/turn.ts';
import type { RowChange } from './aggregates.ts';

/*
 * Every write through the runtime leaves one row per record in sys_data_log: the record before and after
 * (null for an add or a delete) and a version number counting that record's writes.
 */

/** The log's table, and its columns naming the logged record (the reader scopes the log by them: access.ts). */
export const DATA_LOG = { table: 'sys_data_log', tableColumn: 'data_table', idColumn: 'data_id' } as const;

export type LogAction = 'add' | 'edit' | 'delete' | 'import';

export interface Actor {
  /** The writing user's id (hooks: yourself, your own grants); absent for writes made outside a request. */
  userId?: string;
  username: string;
  orgCode: string | null;
  tenantId: number;
  /** The moment of the write ('YYYY-MM-DD HH:mm:ss'). */
  now: string;
}

const GENERATED_ID = /^\d{19}$/;

/** What differs between a chunk's log rows (the rest is the write's: table, action, actor, batch). */
const LOG_ROW = [
  ['id', 'text'],
  ['data_id', 'text'],
  ['data_before', 'jsonb'],
  ['data_after', 'jsonb'],
  ['data_version', 'integer'],
] as const;

/**
 * One log row per change, in one statement (an import's rows together). `batch`: the pending import batch they
 * belong to, hidden with its records until it publishes (write/import-batch.ts).
 */
export async function writeDataLogs(db: Kysely<DB>, table: string, action: LogAction, changes: RowChange[], actor: Actor, batch?: string): Promise<void> {
  const CHUNK = 500;
  for (let start = 0; start < changes.length; start += CHUNK) {
    if (start) await nextTurn();
    const rows = changes.slice(start, start + CHUNK).map((change) => {
      const id = String((change.after ?? change.before)!.id);
      return [
        newId(),
        id,
        change.before ? JSON.stringify(change.before) : null,
        change.after ? JSON.stringify(change.after) : null,
        // A record added under a generated id (19 digits, never reused) is at its first version: no look-up.
        !change.before && GENERATED_ID.test(id) ? 1 : null,
      ];
    });
    // The rows as arrays (unnest): a chunk's VALUES list bound eleven values per row.
    await sql`insert into sys_data_log (id, data_table, data_id, action, data_before, data_after, data_version, create_by, create_time, tenant_id, import_batch)
              select u.id, ${table}, u.data_id, ${action}, u.data_before, u.data_after,
                     coalesce(u.data_version, (select coalesce(max(l.data_version), 0) + 1 from sys_data_log l where l.data_table = ${table} and l.data_id = u.data_id)),
                     ${actor.username}, cast(${actor.now} as timestamp), ${actor.tenantId}::integer, ${batch ?? null}
              from ${unnested(LOG_ROW, rows)}`.execute(db);
  }
}
