import { type Kysely, sql } from 'kysely';
import type { DerivedRule } from '../../../src/core/schema/types.generated.ts';
import type { RowChange } from './aggregates.ts';
import { conditionSql } from '../schema/condition.ts';
import type { EntityModel } from '../schema/model.ts';
import type { Registry } from '../schema/registry.ts';
import { hidePending } from '../read/pending-rows.ts';

/*
 * Derived statuses: a referenced record's status field follows the rows that point at it (a donation's
 * 开票状态 is 已开票 while one of its invoices is issued, 已申请 while one waits, else 未开票). Declared as
 * data (rules.derived) and recomputed inside the write's transaction for every target the write touched,
 * before and after, so a row moved to another target updates both. Field names in the cases were checked
 * against the document's fields by the cross-check; values are bound.
 */

const touchedIds = (changes: RowChange[], via: string) =>
  [
    ...new Set(
      changes
        .flatMap((c) => [c.before?.[via], c.after?.[via]])
        .filter((v) => v !== null && v !== undefined && v !== '')
        .map(String),
    ),
  ].sort();

/** CASE WHEN EXISTS (a row of t meeting case 1) THEN value 1 … ELSE otherwise END. */
function statusOf(eb: any, model: EntityModel, rule: DerivedRule) {
  const rowsMeeting = (when: DerivedRule['cases'][number]['when']) =>
    eb.exists(
      hidePending(eb.selectFrom(`${model.table} as c`), model.table, 'c')
        .select(sql`1`.as('one'))
        .whereRef(`c.${rule.via}`, '=', 't.id')
        .where((sub: any) => conditionSql(sub, when)),
    );
  let expr = eb.case();
  for (const c of rule.cases) expr = expr.when(rowsMeeting(c.when)).then(c.value);
  return expr.else(rule.otherwise).end();
}

export async function applyDerived(db: Kysely<any>, registry: Registry, model: EntityModel, changes: RowChange[]): Promise<void> {
  for (const rule of model.doc.entity.rules?.derived ?? []) {
    const ids = touchedIds(changes, rule.via);
    if (!ids.length) continue;
    const target = registry.get(rule.target);
    await db
      .updateTable(`${target.table} as t`)
      .set((eb: any) => ({ [rule.into]: statusOf(eb, model, rule) }))
      .where('t.id', 'in', ids)
      .execute();
  }
}
