import { http } from '../../runtime/http/client.ts';
import type { PickedUser } from '../../core/api-types.ts';

/*
 * The user-by-department modal's data (spec sections 2, 4 and 7): without a department the general user
 * list (account search, server paging); with a department chosen, the users of that department.
 */

export interface UserQuery {
  /** The account search box. */
  account: string;
  /** The department chosen in the tree, if any. */
  departId?: string;
  pageNo: number;
  pageSize: number;
}

export const USER_MODAL_TITLE = '选择用户';
export const USER_MODAL_WIDTH = 1250;
export const ACCOUNT_PLACEHOLDER = '请输入用户账号';

/** 1 = 男, 2 = 女 (spec section 2); anything else shows nothing. */
export const sexText = (sex: unknown) => (String(sex) === '1' ? '男' : String(sex) === '2' ? '女' : '');

/** Which call answers a query, with its parameters: the department's users, or the general list. */
export function requestOf(q: UserQuery): { path: string; params: Record<string, unknown> } {
  const account = q.account.trim();
  if (q.departId) return { path: '/sys/user/queryUserByDepId', params: { id: q.departId, ...(account ? { username: account } : {}) } };
  return {
    path: '/sys/user/queryUserComponentData',
    params: { pageNo: q.pageNo, pageSize: q.pageSize, column: 'username', order: 'asc', ...(account ? { username: `*${account}*` } : {}) },
  };
}

export const RESET_QUERY: UserQuery = { account: '', departId: undefined, pageNo: 1, pageSize: 10 };

/** One page of users and the total, whichever call answers. */
export async function loadUsers(q: UserQuery): Promise<{ records: PickedUser[]; total: number }> {
  const { path, params } = requestOf(q);
  if (q.departId) {
    const all = (await http.get<PickedUser[]>(path, params)).result ?? [];
    return { records: all, total: all.length };
  }
  const page = (await http.get<{ records: PickedUser[]; total: number }>(path, params)).result;
  return { records: page?.records ?? [], total: page?.total ?? 0 };
}

/** Real names of stored usernames, in order; an account that is gone keeps its username. */
export async function realnamesOf(usernames: string[]): Promise<Map<string, string>> {
  if (!usernames.length) return new Map();
  const users = (await http.get<PickedUser[]>('/sys/user/queryUserComponentData', { usernames: usernames.join(',') })).result ?? [];
  return new Map(users.map((u) => [u.username, u.realname]));
}
