import type { Kysely } from 'kysely';
import { badRequest } from '../http/envelope.ts';
import { newId } from '../lib/ids.ts';

/*
 * A user's roles, departments, positions and tenants: what the user form sends beside the sys_user
 * columns (JeecgBoot's selectedroles, selecteddeparts, relTenantIds, and selectedPositions; virtual fields
 * of schemas/system/user.json, named here by their columns as the engine reads them), each a comma
 * list or an array of ids. Every id must exist; a list that is sent replaces the stored one.
 */

export interface Relations {
  roles?: string[];
  departs?: string[];
  positions?: string[];
  tenants?: number[];
  /** Department roles (sys_depart_role_user); each must be a role of one of the user's departments. */
  departRoles?: string[];
}

/** The form's names for each relation, as the writer's hooks get them (columns: the user form's relTenantIds is rel_tenant_ids). */
export const TENANT_FORM_KEY = 'rel_tenant_ids';
export const DEPART_ROLES_KEY = 'selected_depart_roles';
export const RELATION_KEYS = { roles: 'selectedroles', departs: 'selecteddeparts', positions: 'selected_positions', tenants: TENANT_FORM_KEY } as const;

const ID = /^[A-Za-z0-9_-]{1,32}$/;

function idList(raw: unknown, label: string): string[] | undefined {
  if (raw === undefined) return undefined;
  if (raw === null || raw === '') return [];
  const items = Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? raw.split(',') : undefined;
  if (!items) throw badRequest(`${label}格式不正确`);
  const ids = [...new Set(items.map((s) => s.trim()).filter(Boolean))];
  if (ids.length > 200 || ids.some((id) => !ID.test(id))) throw badRequest(`${label}格式不正确`);
  return ids;
}

/** Takes the relation keys off a request body (the rest is the record) and checks their format. */
export function takeRelations(body: Record<string, unknown>): Relations {
  const relations: Relations = {
    roles: idList(body[RELATION_KEYS.roles], '角色'),
    departs: idList(body[RELATION_KEYS.departs], '部门'),
    positions: idList(body[RELATION_KEYS.positions], '职务'),
    departRoles: idList(body[DEPART_ROLES_KEY], '部门角色'),
  };
  const tenants = idList(body[RELATION_KEYS.tenants], '租户');
  if (tenants) {
    if (tenants.some((t) => !/^\d{1,9}$/.test(t))) throw badRequest('租户格式不正确');
    relations.tenants = tenants.map(Number);
  }
  for (const key of [...Object.values(RELATION_KEYS), DEPART_ROLES_KEY]) delete body[key];
  return relations;
}

async function demandExisting(db: Kysely<any>, table: string, ids: (string | number)[], label: string): Promise<void> {
  if (!ids.length) return;
  const found = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
  if (found.length < ids.length) throw badRequest(`${label}不存在`);
}

/** Checks every id exists, before anything is written. */
export async function checkRelations(db: Kysely<any>, r: Relations): Promise<void> {
  await demandExisting(db, 'sys_role', r.roles ?? [], '所选角色');
  await demandExisting(db, 'sys_depart', r.departs ?? [], '所选部门');
  await demandExisting(db, 'sys_position', r.positions ?? [], '所选职务');
  await demandExisting(db, 'sys_tenant', r.tenants ?? [], '所选租户');
  await demandExisting(db, 'sys_depart_role', r.departRoles ?? [], '所选部门角色');
}

/** Replaces each relation that was sent; the user's current department follows their departments. */
export async function saveRelations(db: Kysely<any>, userId: string, r: Relations): Promise<void> {
  if (r.roles) {
    await db.deleteFrom('sys_user_role').where('user_id', '=', userId).execute();
    if (r.roles.length)
      await db
        .insertInto('sys_user_role')
        .values(r.roles.map((role_id) => ({ id: newId(), user_id: userId, role_id })))
        .execute();
  }
  if (r.departs) {
    await db.deleteFrom('sys_user_depart').where('user_id', '=', userId).execute();
    if (r.departs.length)
      await db
        .insertInto('sys_user_depart')
        .values(r.departs.map((dep_id) => ({ id: newId(), user_id: userId, dep_id })))
        .execute();
    const codes = r.departs.length ? await db.selectFrom('sys_depart').select(['id', 'org_code']).where('id', 'in', r.departs).execute() : [];
    const user = await db.selectFrom('sys_user').select('org_code').where('id', '=', userId).executeTakeFirstOrThrow();
    if (!codes.some((c) => c.org_code === user.org_code)) {
      const first = codes.find((c) => c.id === r.departs![0]);
      await db
        .updateTable('sys_user')
        .set({ org_code: first?.org_code ?? null })
        .where('id', '=', userId)
        .execute();
    }
  }
  if (r.positions) {
    await db.deleteFrom('sys_user_position').where('user_id', '=', userId).execute();
    if (r.positions.length)
      await db
        .insertInto('sys_user_position')
        .values(r.positions.map((position_id) => ({ user_id: userId, position_id })))
        .execute();
  }
  if (r.tenants) {
    await db.deleteFrom('sys_user_tenant').where('user_id', '=', userId).execute();
    if (r.tenants.length)
      await db
        .insertInto('sys_user_tenant')
        .values(r.tenants.map((tenant_id) => ({ user_id: userId, tenant_id })))
        .execute();
  }
  if (r.departRoles) {
    // Checked after the departments are saved: the roles must belong to the user's departments as they now are.
    const outside = r.departRoles.length
      ? await db
          .selectFrom('sys_depart_role')
          .select('id')
          .where('id', 'in', r.departRoles)
          .where('depart_id', 'not in', db.selectFrom('sys_user_depart').select('dep_id').where('user_id', '=', userId))
          .execute()
      : [];
    if (outside.length) throw badRequest('所选部门角色不属于该用户的部门');
    await db.deleteFrom('sys_depart_role_user').where('user_id', '=', userId).execute();
    if (r.departRoles.length)
      await db
        .insertInto('sys_depart_role_user')
        .values(r.departRoles.map((drole_id) => ({ id: newId(), user_id: userId, drole_id })))
        .execute();
  }
}

/** The relations of a user, as the form reads them back (lists of ids for multiple selects), by column like the record they join. */
export async function relationsOf(db: Kysely<any>, userId: string): Promise<Record<string, string[]>> {
  const ids = async (table: string, column: string) =>
    (await db.selectFrom(table).select(column).where('user_id', '=', userId).orderBy(column).execute()).map((r: Record<string, unknown>) => String(r[column]));
  return {
    [RELATION_KEYS.roles]: await ids('sys_user_role', 'role_id'),
    [RELATION_KEYS.departs]: await ids('sys_user_depart', 'dep_id'),
    [RELATION_KEYS.positions]: await ids('sys_user_position', 'position_id'),
    [RELATION_KEYS.tenants]: await ids('sys_user_tenant', 'tenant_id'),
    [DEPART_ROLES_KEY]: (await db.selectFrom('sys_depart_role_user').select('drole_id').where('user_id', '=', userId).orderBy('drole_id').execute()).map(
      (r: { drole_id: string }) => r.drole_id,
    ),
  };
}
