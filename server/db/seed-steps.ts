import { type Kysely, sql } from 'kysely';
import { nowText } from '../lib/time.ts';
import type { DbKind } from './connect.ts';
import type { DB } from './schema.ts';

/*
 * The seed after the accounts (categories, online reports, the demo areas) runs in recorded steps: the
 * first start writes the plan in the same transaction as the accounts, each step is recorded once it
 * has finished, and every start runs the planned steps not yet recorded. So a start interrupted halfway
 * is completed by the next one, and an install made before steps were recorded (no plan) is left alone.
 * On PostgreSQL the steps run under one advisory lock, so processes starting together seed once.
 */

export const SEED_PLAN_KEY = 'seed_plan';
const STEP_KEY = (name: string) => `seed_step:${name}`;
const STEPS_LOCK = 7_345_002;

export interface SeedStep {
  name: string;
  run: () => Promise<unknown>;
}

/** The plan row that seedOnFirstStart writes with the accounts. */
export const seedPlanRow = (steps: string[]) => ({ key: SEED_PLAN_KEY, value: JSON.stringify(steps) });

async function pendingSteps(db: Kysely<DB>, steps: SeedStep[]): Promise<SeedStep[]> {
  const plan = await db.selectFrom('sys_meta').select('value').where('key', '=', SEED_PLAN_KEY).executeTakeFirst();
  if (!plan) return [];
  const planned = new Set(JSON.parse(plan.value) as string[]);
  const done = new Set((await db.selectFrom('sys_meta').select('key').where('key', 'like', 'seed_step:%').execute()).map((r) => r.key));
  return steps.filter((s) => planned.has(s.name) && !done.has(STEP_KEY(s.name)));
}

async function runPending(db: Kysely<DB>, steps: SeedStep[]): Promise<string[]> {
  const ran: string[] = [];
  // Read again under the lock: another process may have finished them meanwhile.
  for (const step of await pendingSteps(db, steps)) {
    await step.run();
    await db
      .insertInto('sys_meta')
      .values({ key: STEP_KEY(step.name), value: nowText() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    ran.push(step.name);
  }
  return ran;
}

/** Runs the planned steps not yet recorded; answers the names of those it ran. */
export async function runSeedSteps(db: Kysely<DB>, kind: DbKind, steps: SeedStep[]): Promise<string[]> {
  if (!(await pendingSteps(db, steps)).length) return [];
  if (kind !== 'postgres') return runPending(db, steps);
  // A session lock on a connection of its own; the steps write through the pool meanwhile.
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${sql.lit(STEPS_LOCK)})`.execute(conn);
    try {
      return await runPending(db, steps);
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(STEPS_LOCK)})`.execute(conn);
    }
  });
}
