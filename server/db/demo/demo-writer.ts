import type { Kysely } from 'kysely';
import type { Session } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import { formatTimestamp } from '../../lib/time.ts';
import { HISTORY_GRANT } from '../../engine/write/workflow-rule.ts';

/** Demo stories are past events: no approval process runs for them (records left 待审核 get one afterwards). */
const HISTORY = [HISTORY_GRANT];

/*
 * Demo rows are written through the schema runtime as the admin, at a chosen moment, so generated codes,
 * roll-ups, derived statuses, status steps and the data log are what the rules make them.
 */

export type Row = Record<string, unknown> & { id: string };

export interface DemoWriter {
  db: Kysely<any>;
  /** Where uploads live: demo pictures are written there. */
  dataDir: string;
  add(code: string, values: Record<string, unknown>, at: Date): Promise<Row>;
  edit(code: string, id: string, values: Record<string, unknown>, at: Date): Promise<Row>;
  /** A status step of the document's transitions (its stamps and comment as the row action makes them). */
  move(code: string, id: string, to: string, input: Record<string, unknown>, at: Date): Promise<Row>;
}

export async function demoWriter(ctx: AppContext): Promise<DemoWriter> {
  const { runtime, db } = ctx;
  const admin = await db.selectFrom('sys_user').selectAll().where('username', '=', 'admin').executeTakeFirstOrThrow();
  const session: Session = { user: admin, jti: 'demo', exp: 0, tenantId: admin.tenant_id };
  const model = (code: string) => runtime.registry.get(code);
  return {
    db: db as Kysely<any>,
    dataDir: ctx.config.dataDir,
    add: (code, values, at) =>
      runtime.write(session, model(code), (w) => w.add(model(code), { values, batches: new Map() }), formatTimestamp(at), HISTORY) as Promise<Row>,
    edit: (code, id, values, at) =>
      runtime.write(session, model(code), (w) => w.edit(model(code), { id, values, batches: new Map() }), formatTimestamp(at), HISTORY) as Promise<Row>,
    move: (code, id, to, input, at) =>
      runtime.write(session, model(code), (w) => w.transition(model(code), id, to, input, true), formatTimestamp(at), HISTORY) as Promise<Row>,
  };
}

export const dateText = (d: Date) => formatTimestamp(d).slice(0, 10);
export const at = (d: Date) => formatTimestamp(d);
/** A moment between two others. */
export const between = (next: () => number, from: Date, to: Date) => new Date(from.getTime() + next() * Math.max(0, to.getTime() - from.getTime()));
