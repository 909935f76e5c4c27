import type { Kysely } from 'kysely';
import type { EffectRule } from '../../../src/core/schema/types.generated.ts';
import { badRequest } from '../../http/envelope.ts';
import type { EntityModel } from '../schema/model.ts';
import type { Registry } from '../schema/registry.ts';

/*
 * Effects of reaching a status, declared in `entity.rules.effects`: approving a help application finds
 * the poor student with the same 身份证号 or creates one, and stores that student's id on the
 * application. The target is created through the caller's writer (validation, generated codes, the data
 * log and roll-ups all apply) inside the same transaction, so a refusal anywhere undoes the whole move.
 */

type Row = Record<string, unknown>;
export type AddRecord = (target: EntityModel, values: Row) => Promise<Row>;

const empty = (v: unknown) => v === null || v === undefined || v === '';

/** Whether this write makes the record reach the effect's values (an add already in them counts). */
export function reaches(effect: EffectRule, before: Row | undefined, after: Row): boolean {
  const on = Object.entries(effect.on);
  const holds = (row: Row) => on.every(([field, value]) => String(row[field] ?? '') === value);
  return holds(after) && (!before || !holds(before));
}

/** The values a created target starts with: fixed defaults, then fields copied from the record. */
export function targetValues(effect: EffectRule, record: Row): Row {
  const { set = {}, match, defaults = {} } = effect.upsert;
  const copied = Object.entries({ ...match, ...set }).map(([theirs, mine]) => [theirs, record[mine]] as const);
  return { ...defaults, ...Object.fromEntries(copied.filter(([, v]) => !empty(v))) };
}

/**
 * Runs the effects the write triggers and answers the link fields to store on the record
 * ({ student_id: '…' }); a record already linked keeps its link.
 */
export async function applyEffects(db: Kysely<any>, registry: Registry, model: EntityModel, before: Row | undefined, after: Row, add: AddRecord): Promise<Row> {
  const links: Row = {};
  for (const effect of model.doc.entity.rules?.effects ?? []) {
    const { entity, match, linkInto } = effect.upsert;
    if (!reaches(effect, before, after) || !empty(after[linkInto])) continue;
    const target = registry.get(entity);
    const missing = Object.values(match).filter((mine) => empty(after[mine]));
    if (missing.length) throw badRequest(`${missing.map((f) => model.field.get(f)?.label ?? f).join('、')}不能为空，无法关联${target.title}`);
    let query = db.selectFrom(target.table).select('id');
    for (const [theirs, mine] of Object.entries(match)) query = query.where(theirs, '=', after[mine]);
    const found = await query.orderBy('id').limit(1).forUpdate().executeTakeFirst();
    links[linkInto] = found ? found.id : (await add(target, targetValues(effect, after))).id;
  }
  return links;
}
