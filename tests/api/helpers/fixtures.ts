import type { Kysely } from 'kysely';
import { hashPassword } from '../../../server/auth/password.ts';
import type { DB, SysPermission } from '../../../server/db/schema.ts';
import { newId } from '../../../server/lib/ids.ts';
import { nowText } from '../../../server/lib/time.ts';

/* Rows the tests add straight to the database, beside the seed; and files they upload. */

/** The smallest PNG (1×1): an upload the server accepts as a picture. */
export const TINY_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a10000000049454e44ae426082',
  'hex',
);

export async function userId(db: Kysely<DB>, username: string): Promise<string> {
  const row = await db.selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return row.id;
}

export async function roleId(db: Kysely<DB>, roleCode: string): Promise<string> {
  const row = await db.selectFrom('sys_role').select('id').where('role_code', '=', roleCode).executeTakeFirstOrThrow();
  return row.id;
}

/** A normal user of tenant 1 with the given role (guest's read-only role by default). */
export async function addUser(db: Kysely<DB>, username: string, password: string, opts: { role?: string; status?: number } = {}): Promise<string> {
  const id = newId();
  await db
    .insertInto('sys_user')
    .values({
      id,
      username,
      realname: username,
      password: await hashPassword(password),
      avatar: null,
      birthday: null,
      sex: null,
      email: null,
      phone: null,
      org_code: null,
      status: opts.status ?? 1,
      del_flag: 0,
      work_no: null,
      post: null,
      tenant_id: 1,
      create_by: 'test',
      create_time: nowText(),
      update_by: null,
      update_time: null,
    })
    .execute();
  await db
    .insertInto('sys_user_role')
    .values({ id: newId(), user_id: id, role_id: await roleId(db, opts.role ?? 'guest') })
    .execute();
  await db.insertInto('sys_user_tenant').values({ user_id: id, tenant_id: 1 }).execute();
  return id;
}

/** Inserts a permission row (menu by default) and grants it to the given roles. */
export async function addPermission(db: Kysely<DB>, row: Partial<SysPermission> & { name: string }, roles: string[] = ['admin']): Promise<string> {
  const id = row.id ?? newId();
  await db
    .insertInto('sys_permission')
    .values({
      id,
      parent_id: null,
      url: null,
      component: null,
      component_name: null,
      redirect: null,
      menu_type: 0,
      perms: null,
      perms_type: '1',
      sort_no: 10,
      always_show: false,
      icon: null,
      is_route: true,
      is_leaf: true,
      keep_alive: false,
      hidden: false,
      internal_or_external: false,
      description: null,
      status: '1',
      del_flag: 0,
      create_by: 'test',
      create_time: nowText(),
      update_by: null,
      update_time: null,
      ...row,
    })
    .execute();
  for (const role of roles) {
    await db
      .insertInto('sys_role_permission')
      .values({ id: newId(), role_id: await roleId(db, role), permission_id: id, data_rule_ids: null })
      .execute();
  }
  return id;
}
