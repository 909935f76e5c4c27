import Ajv from 'ajv';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { sql } from 'kysely';
import conditionSchema from '../../../schemas/_meta/condition.schema.json';
import type { Comparison, Condition } from '../../../src/core/schema/types.generated.ts';
import { likeContains } from './like.ts';

/*
 * The declarative condition grammar ({ "$and": [ { "status": { "$eq": "1" } } ] }) as SQL: rules in
 * documents (roll-ups, limits) and conditions sent by clients (table dictionaries) alike. Field names
 * become identifiers only after the caller has checked them against the entity's allow-list; every value
 * is bound.
 */

const LOGICAL = new Set(['$and', '$or', '$not']);
const validate = new Ajv({ strict: false }).compile(conditionSchema);

/** Whether a client-supplied value is a well-formed condition (the meta-schema's grammar). */
export const isCondition = (value: unknown): value is Condition => validate(value) as boolean;

/** Every field name a condition compares, so callers can check them against their allow-list. */
export function conditionFields(c: Condition): string[] {
  const names: string[] = [];
  for (const [key, value] of Object.entries(c)) {
    if (key === '$and' || key === '$or') for (const sub of value as Condition[]) names.push(...conditionFields(sub));
    else if (key === '$not') names.push(...conditionFields(value as Condition));
    else names.push(key);
  }
  return names;
}

type Builder = ExpressionBuilder<any, any>;
type Scalar = string | number | boolean | null;

function compare(eb: Builder, column: string, op: string, value: unknown): Expression<SqlBool> {
  const ref = eb.ref(column);
  switch (op) {
    case '$eq':
      return value === null ? eb(ref, 'is', null) : eb(ref, '=', value);
    case '$ne':
      return value === null ? eb(ref, 'is not', null) : eb(ref, 'is distinct from', value);
    case '$gt':
      return eb(ref, '>', value);
    case '$gte':
      return eb(ref, '>=', value);
    case '$lt':
      return eb(ref, '<', value);
    case '$lte':
      return eb(ref, '<=', value);
    case '$in':
      return (value as Scalar[]).length ? eb(ref, 'in', value as Scalar[]) : eb.lit(false);
    case '$nin':
      return (value as Scalar[]).length ? eb.not(eb(ref, 'in', value as Scalar[])) : eb.lit(true);
    case '$like':
      return eb(ref, 'ilike', likeContains(String(value)));
    case '$empty': {
      const empty = sql<SqlBool>`coalesce(${ref}::text, '') = ''`;
      return value ? empty : eb.not(empty);
    }
    default:
      throw new Error(`unknown condition operator ${op}`);
  }
}

/** The condition as a boolean SQL expression over the columns of the query's table. */
export function conditionSql(eb: Builder, c: Condition): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  for (const [key, value] of Object.entries(c)) {
    if (value === undefined) continue;
    if (key === '$and') parts.push(eb.and((value as Condition[]).map((sub) => conditionSql(eb, sub))));
    else if (key === '$or') parts.push(eb.or((value as Condition[]).map((sub) => conditionSql(eb, sub))));
    else if (key === '$not') parts.push(eb.not(conditionSql(eb, value as Condition)));
    else if (!LOGICAL.has(key)) for (const [op, v] of Object.entries(value as Comparison)) parts.push(compare(eb, key, op, v));
  }
  return eb.and(parts);
}
