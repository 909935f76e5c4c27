import type { Kysely } from 'kysely';
import type { DeleteGuard } from '../../../src/core/schema/types.generated.ts';
import { badRequest } from '../../http/envelope.ts';
import type { EntityModel } from '../schema/model.ts';
import type { Registry } from '../schema/registry.ts';

/*
 * entity.rules.restrictDelete: a record stays while rows elsewhere still point at it (a department with
 * child departments or users). The guard's table and field reach SQL only when a document declares that
 * table with that column, or when they are one of the system link tables below: a stored (published)
 * document cannot make the server probe an arbitrary table.
 */

/** Link tables owned by the migrations, with the columns that hold another record's id. */
const SYSTEM_LINKS: Record<string, readonly string[]> = {
  sys_user_depart: ['user_id', 'dep_id'],
  sys_user_role: ['user_id', 'role_id'],
  sys_role_permission: ['role_id', 'permission_id'],
  sys_user_tenant: ['user_id', 'tenant_id'],
};

/** Whether a guard names a table and column the server may query; documents' tables need the column declared. */
export function guardAllowed(registry: Registry, guard: DeleteGuard): boolean {
  if (SYSTEM_LINKS[guard.table]?.includes(guard.field)) return true;
  const model = registry.byTable(guard.table);
  return !!model && (guard.field === 'id' || model.columns.has(guard.field));
}

/** Throws the guard's message (400) when a row of its table still holds this record's id. */
export async function checkDeleteGuards(db: Kysely<any>, registry: Registry, model: EntityModel, id: string): Promise<void> {
  for (const guard of model.doc.entity.rules?.restrictDelete ?? []) {
    if (!guardAllowed(registry, guard)) throw new Error(`${model.code}: restrictDelete names ${guard.table}.${guard.field}, which no document declares`);
    const used = await db.selectFrom(guard.table).select(guard.field).where(guard.field, '=', id).limit(1).executeTakeFirst();
    if (used) throw badRequest(guard.message);
  }
}
