import type { Kysely } from 'kysely';
import type { UserInfo } from '../../src/core/api-types.ts';
import { sessionsEnd } from '../auth/tokens.ts';
import type { DB, SysDepart, SysUser } from '../db/schema.ts';
import { badRequest } from '../http/envelope.ts';
import { nowText } from '../lib/time.ts';

export type { UserInfo };

/**
 * Stores a user's new password hash (the caller checked the password) and ends their sessions on every
 * process — all of them, or all but `keep` (the session that changed its own password goes on).
 */
export async function storePassword(db: Kysely<DB>, userId: string, hash: string, by: string, keep: string | null): Promise<void> {
  await db
    .updateTable('sys_user')
    .set({ password: hash, update_by: by, update_time: nowText(), ...sessionsEnd(keep) })
    .where('id', '=', userId)
    .execute();
}

export async function departsOf(db: Kysely<DB>, userId: string): Promise<SysDepart[]> {
  return db
    .selectFrom('sys_depart as d')
    .innerJoin('sys_user_depart as ud', 'ud.dep_id', 'd.id')
    .selectAll('d')
    .where('ud.user_id', '=', userId)
    .where('d.del_flag', '=', 0)
    .orderBy('d.depart_order')
    .execute();
}

/**
 * The user signed in under one of their departments (切换部门, or the department JeecgBoot's vue3 client picks on its
 * login page): refused when they do not belong to it; the user as they now are.
 */
export async function chooseDepart(db: Kysely<DB>, user: SysUser, orgCode: string): Promise<SysUser> {
  const departs = await departsOf(db, user.id);
  if (!departs.some((d) => d.org_code === orgCode)) throw badRequest('您不属于该部门');
  await db.updateTable('sys_user').set({ org_code: orgCode }).where('id', '=', user.id).execute();
  return { ...user, org_code: orgCode };
}

export async function tenantsOf(db: Kysely<DB>, userId: string): Promise<number[]> {
  const rows = await db.selectFrom('sys_user_tenant').select('tenant_id').where('user_id', '=', userId).orderBy('tenant_id').execute();
  return rows.map((r) => r.tenant_id);
}

export async function userInfoOf(db: Kysely<DB>, user: SysUser): Promise<UserInfo> {
  const departs = await departsOf(db, user.id);
  const tenants = await tenantsOf(db, user.id);
  return {
    id: user.id,
    username: user.username,
    realname: user.realname,
    avatar: user.avatar,
    birthday: user.birthday,
    sex: user.sex,
    email: user.email,
    phone: user.phone,
    orgCode: user.org_code,
    orgCodeTxt: departs.find((d) => d.org_code === user.org_code)?.depart_name ?? null,
    status: user.status,
    workNo: user.work_no,
    post: user.post,
    createTime: user.create_time,
    departIds: departs.map((d) => d.id).join(','),
    relTenantIds: tenants.join(','),
    tenantId: user.tenant_id,
  };
}
