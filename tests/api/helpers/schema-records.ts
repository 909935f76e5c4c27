import { NO_AUTH_CODE } from '../../../src/core/api-types.ts';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { nowText } from '../../../server/lib/time.ts';
import { menuIdOf, reportMenuIdOf } from '../../../server/engine/schema/menus.ts';
import type { TestServer } from './server.ts';

/* Donation records made through the API (bodies by property: donorName), and direct looks at the tables behind them (by column), for the schema tests. */

export async function addRecord(s: TestServer, token: string, code: string, values: Record<string, unknown>): Promise<string> {
  const r = await s.api.post(`/${code}/add`, values, token);
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true, message: '添加成功！' });
  return r.body.result.id as string;
}

export const addActivity = (s: TestServer, token: string, values: Record<string, unknown> = {}) =>
  addRecord(s, token, 'donation/activity', { activityName: '测试活动', category: '1', status: '1', targetAmount: 100000, ...values });

export const addTeam = (s: TestServer, token: string, activityId: string, values: Record<string, unknown> = {}) =>
  addRecord(s, token, 'donation/team', { teamName: '测试团队', activityId, status: '1', ...values });

export const addDonation = (s: TestServer, token: string, activityId: string, values: Record<string, unknown> = {}) =>
  addRecord(s, token, 'donation/record', {
    donorType: '1',
    donorName: '测试捐赠人',
    activityId,
    amount: 100,
    payMethod: '1',
    payStatus: '2',
    payTime: '2025-03-01 10:00:00',
    ...values,
  });

/**
 * A second tenant (2) and two activities the admin adds in tenant 1, the second then moved to tenant 2: one
 * activity the admin's tenant sees and one it must not.
 */
export async function activitiesOfTwoTenants(s: TestServer, token: string, mine: string, foreign: string): Promise<{ mine: string; foreign: string }> {
  await s.db.insertInto('sys_tenant').values({ id: 2, name: '另一个租户', status: 1, create_time: nowText() }).execute();
  const ids = { mine: await addActivity(s, token, { activityName: mine }), foreign: await addActivity(s, token, { activityName: foreign }) };
  await sql`update donation_activity set tenant_id = 2 where id = ${ids.foreign}`.execute(s.db);
  return ids;
}

/** One row straight from the table (undefined when there is none). */
export async function row(s: TestServer, table: string, id: string): Promise<Record<string, any> | undefined> {
  const { rows } = await sql<Record<string, any>>`select * from ${sql.table(table)} where id = ${id}`.execute(s.db);
  return rows[0];
}

export async function count(s: TestServer, table: string, where = sql`true`): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(s.db);
  return Number(rows[0].n);
}

/** Expects a 400 envelope with exactly this message. */
/** A read refused for want of permission: HTTP 403 with JeecgBoot's no-auth code (510). */
export const NO_AUTH = { status: 403, code: NO_AUTH_CODE };

export function refused(r: { status: number; body: any }, message: string | RegExp, expected: number | { status: number; code: number } = 400) {
  const { status, code } = typeof expected === 'number' ? { status: expected, code: expected } : expected;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body).toMatchObject({ success: false, code });
  if (typeof message === 'string') expect(r.body.message).toBe(message);
  else expect(r.body.message).toMatch(message);
}

/**
 * Signs in a new user of admin's department whose role reads 捐赠记录 and its 捐赠报表 limited to 本部门 (a data
 * rule on sys_org_code), and any `permissions` besides (unlimited), and answers their token.
 */
export async function departmentDonationReader(
  s: TestServer,
  admin: string,
  user: { username: string; realname: string; roleCode: string; permissions?: string[] },
): Promise<string> {
  const org = (await s.db.selectFrom('sys_user').select('org_code').where('username', '=', 'admin').executeTakeFirstOrThrow()).org_code!;
  const area = (await s.db.selectFrom('sys_permission').select('id').where('url', '=', '/donation').where('menu_type', '=', 0).executeTakeFirstOrThrow()).id;
  const rule = await s.api.post(
    '/sys/permission/addPermissionRule',
    { permissionId: menuIdOf('donation/record'), ruleName: '本部门', ruleColumn: 'sys_org_code', ruleConditions: '=', ruleValue: '#{sys_org_code}' },
    admin,
  );
  const permissions = [
    area,
    menuIdOf('donation/record'),
    reportMenuIdOf('donation/record', 'summary'),
    `rule:${rule.body.result.id}`,
    ...(user.permissions ?? []),
  ].join(',');
  const role = await s.api.post('/system/role/add', { roleName: user.realname, roleCode: user.roleCode, permissions }, admin);
  const depart = (await s.db.selectFrom('sys_depart').select('id').where('org_code', '=', org).executeTakeFirstOrThrow()).id;
  const password = 'Staff#2026a';
  const added = await s.api.post(
    '/sys/user/add',
    { username: user.username, realname: user.realname, password, selectedroles: [role.body.result.id], selecteddeparts: [depart] },
    admin,
  );
  expect(added.body.success, JSON.stringify(added.body)).toBe(true);
  return s.loginAs(user.username, password);
}
