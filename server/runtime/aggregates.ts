import { type Kysely, type RawBuilder, sql } from 'kysely';
import { evaluateCondition } from '../../src/runtime/schema/condition.ts';
import type { Condition } from '../../src/runtime/schema/types.generated.ts';
import { badRequest } from '../http/envelope.ts';
import { conditionSql } from './condition.ts';
import type { EntityModel } from './model.ts';
import type { Registry } from './registry.ts';

/*
 * The rules over groups of rows, run inside the write's transaction after the rows are written:
 * roll-ups (a parent's total = an aggregate of its children) and limits (the children's total never
 * exceeds the parent's ceiling). Parent rows are locked first, in id order, so that concurrent writers
 * queue and each recomputes from what the one before it committed.
 */

export interface RowChange {
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

const idsVia = (changes: RowChange[], via: string, sides: ('before' | 'after')[]) =>
  [...new Set(changes.flatMap((c) => sides.map((side) => c[side]?.[via])).filter((v): v is string | number => v !== null && v !== undefined && v !== '').map(String))].sort();

async function lock(db: Kysely<any>, table: string, ids: string[]): Promise<void> {
  if (ids.length) await db.selectFrom(table).select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
}

const where = (c: Condition | undefined) => (c ? (eb: any) => conditionSql(eb, c) : () => sql<boolean>`true`);

/** A summed value, negated on the rows `subtractWhere` names (a ledger's expenses against its income). */
const signed = (eb: any, value: RawBuilder<unknown>, subtract: Condition | undefined) =>
  subtract ? sql`case when ${conditionSql(eb, subtract)} then -${value} else ${value} end` : value;

export async function applyRollups(db: Kysely<any>, registry: Registry, model: EntityModel, changes: RowChange[]): Promise<void> {
  for (const rule of model.doc.entity.rules?.rollups ?? []) {
    const ids = idsVia(changes, rule.via, ['before', 'after']);
    if (!ids.length) continue;
    const target = registry.get(rule.target);
    await lock(db, target.table, ids);
    await db
      .updateTable(`${target.table} as t`)
      .set((eb: any) => ({
        [rule.into]: eb
          .selectFrom(`${model.table} as c`)
          .select((inner: any) =>
            rule.op === 'sum'
              ? sql`coalesce(sum(${signed(inner, sql.ref(`c.${rule.of}`), rule.subtractWhere)}), 0)`.as('v')
              : rule.op === 'count'
                ? sql`count(*)`.as('v')
                : sql`count(distinct ${sql.ref(`c.${rule.of}`)})`.as('v'),
          )
          .whereRef(`c.${rule.via}`, '=', 't.id')
          .where(where(rule.where)),
      }))
      .where('t.id', 'in', ids)
      .execute();
  }
}

export async function checkLimits(db: Kysely<any>, registry: Registry, model: EntityModel, changes: RowChange[]): Promise<void> {
  for (const rule of model.doc.entity.rules?.limits ?? []) {
    // A row the limit does not count (a void invoice) cannot raise the total: it is never refused.
    const ids = idsVia(changes.filter((c) => c.after && evaluateCondition(rule.where, c.after)), rule.via, ['after']);
    if (!ids.length) continue;
    const parent = registry.get(rule.ceiling.entity);
    await lock(db, parent.table, ids);
    for (const id of ids) {
      const row = await db.selectFrom(parent.table).select(['id', rule.ceiling.field]).where('id', '=', id).where(where(rule.parentWhere)).executeTakeFirst();
      if (!row) throw badRequest(rule.parentMessage ?? rule.message);
      const ceiling = row[rule.ceiling.field];
      if (ceiling === null || ceiling === undefined) continue;
      if ((await limitedTotal(db, model, rule, id)) > Number(ceiling)) throw badRequest(rule.message);
    }
  }
}

type LimitRule = NonNullable<NonNullable<EntityModel['doc']['entity']['rules']>['limits']>[number];

/** The sum the limit counts over the rows of `model` pointing at one parent. */
async function limitedTotal(db: Kysely<any>, model: EntityModel, rule: LimitRule, parentId: string): Promise<number> {
  const { total } = await db
    .selectFrom(model.table)
    .select(sql<number>`coalesce(sum(${sql.ref(rule.sum)}), 0)`.as('total'))
    .where(rule.via, '=', parentId)
    .where(where(rule.where))
    .executeTakeFirstOrThrow();
  return Number(total);
}

/**
 * The limits seen from the parent's side, for rules that declare a ceilingMessage (opt-in: for others
 * parentWhere only gates new rows, e.g. a project may close after its disbursements): an edit that lowers
 * a parent's ceiling below what its rows already count, or takes it out of parentWhere while rows still
 * count (a donation refunded or reduced after it was invoiced), is refused with that message. Runs after
 * the parent row is written, inside the same transaction.
 */
export async function checkCeilings(db: Kysely<any>, registry: Registry, model: EntityModel, changes: RowChange[]): Promise<void> {
  for (const child of registry.all()) {
    for (const rule of child.doc.entity.rules?.limits ?? []) {
      if (rule.ceiling.entity !== model.code || !rule.ceilingMessage) continue;
      for (const { before, after } of changes) {
        if (!before || !after) continue;
        const eligible = evaluateCondition(rule.parentWhere, after);
        const ceilingFell = Number(after[rule.ceiling.field]) < Number(before[rule.ceiling.field]);
        if (!ceilingFell && (eligible || !evaluateCondition(rule.parentWhere, before))) continue;
        const total = await limitedTotal(db, child, rule, String(after.id));
        const ceiling = after[rule.ceiling.field];
        const over = eligible ? ceiling !== null && ceiling !== undefined && total > Number(ceiling) : total > 0;
        if (over) throw badRequest(rule.ceilingMessage);
      }
    }
  }
}
