import type { Kysely } from 'kysely';
import type { AssigneeRule } from '../../src/core/workflow/rules.ts';

/*
 * Who a rule names, as usernames of active users of the instance's tenant: a user, the holders of a role,
 * the initiator, the members of the initiator's department, its leaders (部门管理's 负责人), or the user a
 * form field holds.
 */

export interface AssigneeScope {
  initiator: string;
  initiatorOrg: string | null;
  tenantId: number;
  record: Record<string, unknown>;
}

function activeUsers(db: Kysely<any>, tenantId: number) {
  let q = db.selectFrom('sys_user as u').select('u.username').where('u.status', '=', 1).where('u.del_flag', '=', 0);
  if (tenantId)
    q = q.where((eb) =>
      eb.exists(eb.selectFrom('sys_user_tenant as ut').select('ut.user_id').whereRef('ut.user_id', '=', 'u.id').where('ut.tenant_id', '=', tenantId)),
    );
  return q;
}

/** The active users among a comma-separated list of usernames (a user field's value, a department's leaders). */
function named(users: ReturnType<typeof activeUsers>, value: unknown) {
  const usernames =
    typeof value === 'string'
      ? value
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean)
      : [];
  return usernames.length ? users.where('u.username', 'in', usernames).execute() : Promise.resolve([]);
}

export async function resolveAssignees(db: Kysely<any>, rule: AssigneeRule, scope: AssigneeScope): Promise<string[]> {
  const users = activeUsers(db, scope.tenantId);
  let rows: { username: string }[] = [];
  switch (rule.kind) {
    case 'user':
      rows = await users.where('u.username', '=', rule.value).execute();
      break;
    case 'initiator':
      rows = await users.where('u.username', '=', scope.initiator).execute();
      break;
    case 'field':
      rows = await named(users, scope.record[rule.value]);
      break;
    case 'deptLeader':
      if (scope.initiatorOrg) {
        const depart = await db.selectFrom('sys_depart').select('leader').where('org_code', '=', scope.initiatorOrg).executeTakeFirst();
        rows = await named(users, depart?.leader);
      }
      break;
    case 'role':
      rows = await users
        .innerJoin('sys_user_role as ur', 'ur.user_id', 'u.id')
        .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
        .where('r.role_code', '=', rule.value)
        .execute();
      break;
    case 'initiatorDept':
      if (scope.initiatorOrg)
        rows = await users
          .innerJoin('sys_user_depart as ud', 'ud.user_id', 'u.id')
          .innerJoin('sys_depart as d', 'd.id', 'ud.dep_id')
          .where('d.org_code', '=', scope.initiatorOrg)
          .execute();
      break;
  }
  return [...new Set(rows.map((r) => r.username))].sort();
}

/** Whether a username is an active user (a transfer's, signer's or agent's target). */
export async function isActiveUser(db: Kysely<any>, username: unknown, tenantId: number): Promise<boolean> {
  if (typeof username !== 'string' || !/^[A-Za-z0-9_.@-]{1,100}$/.test(username)) return false;
  return !!(await activeUsers(db, tenantId).where('u.username', '=', username).executeTakeFirst());
}

/** Real names by username, for lists and timelines. */
export async function realnames(db: Kysely<any>, usernames: (string | null | undefined)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(usernames.filter((u): u is string => !!u))];
  if (!wanted.length) return new Map();
  const rows = await db.selectFrom('sys_user').select(['username', 'realname']).where('username', 'in', wanted).execute();
  return new Map(rows.map((r) => [String(r.username), String(r.realname)]));
}
