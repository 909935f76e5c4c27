import { type Kysely, type RawBuilder, sql } from 'kysely';
import { evaluateCondition } from '../../../src/core/schema/condition.ts';
import type { Condition } from '../../../src/core/schema/types.generated.ts';
import { badRequest } from '../../http/envelope.ts';
import { conditionSql } from '../schema/condition.ts';
import { columnOf, type EntityModel } from '../schema/model.ts';
import type { Registry } from '../schema/registry.ts';
import { applySummaries } from '../read/report-summaries.ts';
import { hidePending } from '../read/pending-rows.ts';
import { negated, numericSum } from '../../db/numeric-sum.ts';
import { unnested } from '../../db/unnest-rows.ts';

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
  [
    ...new Set(
      changes
        .flatMap((c) => sides.map((side) => c[side]?.[via]))
        .filter((v): v is string | number => v !== null && v !== undefined && v !== '')
        .map(String),
    ),
  ].sort();

async function lock(db: Kysely<any>, table: string, ids: string[]): Promise<void> {
  if (ids.length) await db.selectFrom(table).select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
}

const where = (c: Condition | undefined) => (c ? (eb: any) => conditionSql(eb, c) : () => sql<boolean>`true`);

/** A summed value, negated on the rows `subtractWhere` names (a ledger's expenses against its income). */
const signed = (eb: any, value: RawBuilder<unknown>, subtract: Condition | undefined) =>
  subtract ? sql`case when ${conditionSql(eb, subtract)} then -${value} else ${value} end` : value;

type RollupRule = NonNullable<NonNullable<EntityModel['doc']['entity']['rules']>['rollups']>[number];

/** The aggregate of the rows of `model` pointing at each target row (`t`), as one SQL expression. */
function aggregateOf(model: EntityModel, rule: RollupRule) {
  // An import's pending rows count once it publishes (its own rows are no longer pending inside its publish).
  return (eb: any) =>
    hidePending(eb.selectFrom(`${model.table} as c`), model.table, 'c')
      .select((inner: any) =>
        rule.op === 'sum'
          ? sql`coalesce(sum(${signed(inner, sql.ref(`c.${rule.of}`), rule.subtractWhere)}), 0)`.as('v')
          : rule.op === 'count'
            ? sql`count(*)`.as('v')
            : sql`count(distinct ${sql.ref(`c.${rule.of}`)})`.as('v'),
      )
      .whereRef(`c.${rule.via}`, '=', 't.id')
      .where(where(rule.where));
}

/** Sets the rule's total of the given targets (all of them when `ids` is absent) from the rows themselves. */
export async function recomputeRollup(db: Kysely<any>, registry: Registry, model: EntityModel, rule: RollupRule, ids?: string[]): Promise<void> {
  const target = registry.get(rule.target);
  let update = db.updateTable(`${target.table} as t`).set((eb: any) => ({ [rule.into]: aggregateOf(model, rule)(eb) }));
  if (ids) update = update.where('t.id', 'in', ids);
  await update.execute();
}

/** What one row adds to its target's total: nothing when the rule does not count it, else +1 or ±value. */
function contribution(rule: RollupRule, row: Record<string, unknown> | undefined): { id: string; value: string } | undefined {
  if (!row || !evaluateCondition(rule.where, row)) return undefined;
  const id = row[rule.via];
  if (id === null || id === undefined || id === '') return undefined;
  if (rule.op === 'count') return { id: String(id), value: '1' };
  const raw = row[rule.of!];
  if (raw === null || raw === undefined || raw === '') return undefined;
  const negate = rule.op === 'sum' && !!rule.subtractWhere && evaluateCondition(rule.subtractWhere, row);
  return { id: String(id), value: negate ? negated(String(raw)) : String(raw) };
}

const sameContribution = (a: ReturnType<typeof contribution>, b: ReturnType<typeof contribution>) =>
  a?.id === b?.id && (a === undefined || a.value === b!.value || Number(a.value) === Number(b!.value));

/**
 * Keeps the declared totals right after a write. Sum and count apply the change's delta (what `after`
 * adds minus what `before` added) to each target, so a write costs the same however many rows the
 * target already has; `total = total + delta` in one UPDATE takes the target's row lock and reads the
 * latest committed total, so concurrent writers queue rather than lose an update. Targets are updated
 * in id order (no deadlock between two writers touching the same two targets). A distinct count cannot
 * be maintained from one row, so its targets are recomputed, and only when the row's part in it changed.
 * `before` and `after` must be whole rows (the writer loads them), or a delta would miss a field.
 */
export async function applyRollups(db: Kysely<any>, registry: Registry, model: EntityModel, changes: RowChange[], summaries = true): Promise<void> {
  // The declared reports' summaries are roll-ups too (by day and group), kept at the same point of the write
  // (unless kept already: an import's pending chunks).
  if (summaries) await applySummaries(db, model, changes);
  for (const rule of model.doc.entity.rules?.rollups ?? []) {
    const target = registry.get(rule.target);
    if (rule.op === 'countDistinct') {
      const moved = changes.filter((c) => !sameContribution(contribution(rule, c.before), contribution(rule, c.after)));
      const ids = idsVia(moved, rule.via, ['before', 'after']);
      if (!ids.length) continue;
      await lock(db, target.table, ids);
      if (DISTINCT_BY_TEXT.has(columnOf(model, rule.of!)?.type ?? '')) await applyDistinctDeltas(db, model, target, rule, moved);
      else await recomputeRollup(db, registry, model, rule, ids);
      continue;
    }
    const deltas = new Map<string, string[]>();
    const add = (part: ReturnType<typeof contribution>, sign: '+' | '-') => {
      if (!part) return;
      const terms = deltas.get(part.id) ?? [];
      terms.push(sign === '+' ? part.value : negated(part.value));
      deltas.set(part.id, terms);
    };
    for (const { before, after } of changes) {
      const was = contribution(rule, before);
      const is = contribution(rule, after);
      if (sameContribution(was, is)) continue;
      add(was, '-');
      add(is, '+');
    }
    for (const id of [...deltas.keys()].sort()) {
      await db
        .updateTable(target.table)
        .set({ [rule.into]: sql`coalesce(${sql.ref(rule.into)}, 0) + ${numericSum(deltas.get(id)!)}` })
        .where('id', '=', id)
        .execute();
    }
  }
}

/** Types whose values are equal in SQL exactly when their texts are (so pairs can be told apart in JS). */
const DISTINCT_BY_TEXT = new Set(['string', 'text', 'integer']);

/**
 * A distinct count kept by delta (its targets already locked): for each (target, value) pair the write touched,
 * the rows holding it now, counted by one grouped statement (an index on (via, of) serves it), and before the
 * write — now, less the write's rows that hold it, plus those that held it; the target gains one where the value
 * is newly there and loses one where it is gone. Recounting every value of the target (count(distinct), a sort of
 * all its rows) made each paid donation to a large team cost more as the team grew: 236 ms p50 for the largest team
 * of 1,000,000 donations on the embedded database, 40 ms by delta. A concurrent writer of the same target waits on its row lock and
 * then counts what this one committed.
 */
async function applyDistinctDeltas(db: Kysely<any>, model: EntityModel, target: EntityModel, rule: RollupRule, changes: RowChange[]): Promise<void> {
  const pairs = new Map<string, { id: string; value: string; written: number }>();
  const note = (part: ReturnType<typeof contribution>, sign: 1 | -1) => {
    if (!part) return;
    const key = JSON.stringify([part.id, part.value]);
    const pair = pairs.get(key) ?? { ...part, written: 0 };
    pairs.set(key, pair);
    pair.written += sign;
  };
  for (const { before, after } of changes) {
    note(contribution(rule, before), -1);
    note(contribution(rule, after), 1);
  }
  const touched = [...pairs.values()].filter((p) => p.written !== 0);
  if (!touched.length) return;
  const held = await hidePending(db.selectFrom(`${model.table} as c`), model.table, 'c')
    .select([
      sql<string>`cast(${sql.ref(`c.${rule.via}`)} as text)`.as('id'),
      sql<string>`cast(${sql.ref(`c.${rule.of}`)} as text)`.as('value'),
      sql<number>`count(*)`.as('n'),
    ])
    .where(
      sql`(cast(${sql.ref(`c.${rule.via}`)} as text), cast(${sql.ref(`c.${rule.of}`)} as text))`,
      'in',
      sql`(select * from ${unnested(
        [
          ['id', 'text'],
          ['value', 'text'],
        ],
        touched.map((p) => [p.id, p.value]),
      )})`,
    )
    .where(where(rule.where))
    .groupBy([sql`1`, sql`2`])
    .execute();
  const now = new Map(held.map((r: any) => [JSON.stringify([String(r.id), String(r.value)]), Number(r.n)]));
  const deltas = new Map<string, number>();
  for (const p of touched) {
    const after = now.get(JSON.stringify([p.id, p.value])) ?? 0;
    const before = after - p.written;
    const delta = Number(after > 0) - Number(before > 0);
    if (delta) deltas.set(p.id, (deltas.get(p.id) ?? 0) + delta);
  }
  for (const id of [...deltas.keys()].sort())
    await db
      .updateTable(target.table)
      .set({ [rule.into]: sql`coalesce(${sql.ref(rule.into)}, 0) + ${deltas.get(id)!}::integer` })
      .where('id', '=', id)
      .execute();
}

const ROLLUP_META_KEY = 'rollup_rules';

/** What identifies a roll-up as declared: a change of any part of it (or of the tables) makes it a new rule. */
const fingerprint = (model: EntityModel, target: EntityModel, rule: RollupRule) => JSON.stringify([model.table, target.table, rule]);

/**
 * At sync (inside its transaction): every roll-up that was not in force before (a new document, a new
 * rule, a changed one) recomputes all its targets once, since the deltas only keep an already right
 * total right. The rules in force are remembered in sys_meta.
 */
export async function syncRollups(db: Kysely<any>, registry: Registry): Promise<void> {
  const stored = await db.selectFrom('sys_meta').select('value').where('key', '=', ROLLUP_META_KEY).executeTakeFirst();
  const known = new Set<string>(stored ? (JSON.parse(String(stored.value)) as string[]) : []);
  const current: string[] = [];
  for (const model of registry.all()) {
    for (const rule of model.doc.entity.rules?.rollups ?? []) {
      const key = fingerprint(model, registry.get(rule.target), rule);
      current.push(key);
      if (!known.has(key)) await recomputeRollup(db, registry, model, rule);
    }
  }
  const value = JSON.stringify(current.sort());
  if (stored?.value === value) return;
  await db
    .insertInto('sys_meta')
    .values({ key: ROLLUP_META_KEY, value })
    .onConflict((oc: any) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

export async function checkLimits(db: Kysely<any>, registry: Registry, model: EntityModel, changes: RowChange[]): Promise<void> {
  for (const rule of model.doc.entity.rules?.limits ?? []) {
    // A row the limit does not count (a void invoice) cannot raise the total: it is never refused.
    const ids = idsVia(
      changes.filter((c) => c.after && evaluateCondition(rule.where, c.after)),
      rule.via,
      ['after'],
    );
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
