import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { GUEST_USERNAME } from '../auth/session.ts';
import { badRequest } from '../http/envelope.ts';
import { escapeLike } from '../engine/schema/like.ts';
import type { PickedUser } from '../../src/core/api-types.ts';

/*
 * The user-by-department modal's two look-ups (spec section 2, 4 and 7): the general user list
 * (account search, paging) and the users of chosen departments. Only what the modal shows leaves the
 * server: never the password hash, never the whole row.
 */

export interface UserPage {
  records: PickedUser[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

const MAX_PAGE_SIZE = 100;
const MAX_DEPARTS = 100;
const MAX_ACCOUNT = 100;
const ID = /^[A-Za-z0-9_-]{1,32}$/;
/** Sortable columns of the list, by property (the modal's column header → column). */
const SORTABLE: Record<string, string> = { username: 'username', realname: 'realname', createTime: 'create_time', sex: 'sex' };

/** The sort column of `column=`: a sortable property's column; a column's own name is refused with its property, anything else sorts by creation. */
function sortColumn(raw: string): string {
  const column = Object.hasOwn(SORTABLE, raw) ? SORTABLE[raw] : undefined;
  if (column) return column;
  const property = Object.keys(SORTABLE).find((p) => SORTABLE[p] === raw && p !== raw);
  if (property) throw badRequest(`未知的查询字段: ${raw}（应写作 ${property}）`);
  return 'create_time';
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The account search box: '*x*' (the query bar's like encoding) or plain text, both meaning "contains". */
export function accountPattern(raw: unknown): string | undefined {
  const inner = text(raw)
    .trim()
    .replace(/^\*+|\*+$/g, '');
  if (!inner) return undefined;
  if (inner.length > MAX_ACCOUNT) throw badRequest(`用户账号不能超过${MAX_ACCOUNT}个字`);
  return `%${escapeLike(inner)}%`;
}

function pageNumber(raw: unknown, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw badRequest('分页参数不正确');
  return Math.min(n, max);
}

/** Comma list of department ids, each checked (they are bound, but nonsense is refused, not searched). */
export function departIdsOf(raw: unknown): string[] {
  const ids = [
    ...new Set(
      text(raw)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (!ids.length) throw badRequest('请选择部门');
  if (ids.length > MAX_DEPARTS) throw badRequest(`一次最多查询${MAX_DEPARTS}个部门`);
  if (ids.some((id) => !ID.test(id))) throw badRequest('部门ID格式不正确');
  return ids;
}

/** Accounts a picker never offers: the read-only guest is not a person anyone hands work to. */
const NOT_PICKABLE = [GUEST_USERNAME];

/** The users a request may see: sys_user as `u`, scoped by the caller's reader (`runtime.scoped(session, 'system/user', 'u')`). */
export type UserSource = SelectQueryBuilder<any, any, object>;

function baseQuery(from: UserSource, account: string | undefined) {
  let query = from
    .where('u.del_flag', '=', 0)
    .where('u.username', 'not in', NOT_PICKABLE)
    .select(['u.id', 'u.username', 'u.realname', 'u.sex', 'u.phone', 'u.org_code'])
    .select(
      sql<string>`coalesce((select string_agg(d.depart_name, ',' order by d.depart_order, d.id) from sys_user_depart ud join sys_depart d on d.id = ud.dep_id where ud.user_id = u.id and d.del_flag = 0), '')`.as(
        'depart_names',
      ),
    )
    .select(sql<string>`coalesce((select string_agg(ud.dep_id, ',' order by ud.dep_id) from sys_user_depart ud where ud.user_id = u.id), '')`.as('depart_ids'));
  if (account) query = query.where(sql<boolean>`u.username ilike ${account}`);
  return query;
}

type Row = {
  id: string;
  username: string;
  realname: string;
  sex: number | null;
  phone: string | null;
  org_code: string | null;
  depart_names: string;
  depart_ids: string;
};

const picked = (r: Row): PickedUser => ({
  id: r.id,
  username: r.username,
  realname: r.realname,
  sex: r.sex,
  phone: r.phone,
  orgCode: r.org_code,
  orgCodeTxt: r.depart_names,
  departIds: r.depart_ids,
});

/** GET /sys/user/queryUserComponentData for the modal: username (contains), pageNo, pageSize, column, order. */
export async function userPage(from: UserSource, q: Record<string, unknown>): Promise<UserPage> {
  const account = accountPattern(q.username);
  const pageNo = pageNumber(q.pageNo, 1);
  const pageSize = pageNumber(q.pageSize, 10, MAX_PAGE_SIZE);
  const column = sortColumn(text(q.column));
  const order = text(q.order) === 'asc' ? 'asc' : 'desc';
  let count = from
    .select(sql<number>`count(*)::int`.as('n'))
    .where('u.del_flag', '=', 0)
    .where('u.username', 'not in', NOT_PICKABLE);
  if (account) count = count.where(sql<boolean>`u.username ilike ${account}`);
  const total = Number((await count.executeTakeFirstOrThrow()).n);
  const rows = (await baseQuery(from, account)
    .orderBy(sql`${sql.ref(`u.${column}`)} ${sql.raw(order)} nulls last`)
    .orderBy('u.id')
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize)
    .execute()) as Row[];
  return { records: rows.map(picked), total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) };
}

const USERNAME = /^[A-Za-z0-9_.@-]{1,100}$/;

/** The users named exactly (the picker showing a stored value's real names), in the order asked. */
export async function usersByName(from: UserSource, raw: unknown): Promise<PickedUser[]> {
  const names = [
    ...new Set(
      text(raw)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (names.length > MAX_PAGE_SIZE) throw badRequest(`一次最多查询${MAX_PAGE_SIZE}个用户`);
  if (names.some((n) => !USERNAME.test(n))) throw badRequest('用户账号格式不正确');
  if (!names.length) return [];
  const rows = (await baseQuery(from, undefined).where('u.username', 'in', names).execute()) as Row[];
  return names.flatMap((n) => rows.filter((r) => r.username === n)).map(picked);
}

/** GET /sys/user/queryUserByDepId: the users of these departments (not of their sub-departments), optionally by account. */
export async function usersOfDeparts(from: UserSource, ids: string[], accountRaw?: unknown): Promise<PickedUser[]> {
  const account = accountPattern(accountRaw);
  const rows = (await baseQuery(from, account)
    .where('u.id', 'in', (eb: ExpressionBuilder<any, any>) => eb.selectFrom('sys_user_depart').select('user_id').where('dep_id', 'in', ids))
    .orderBy('u.username')
    .limit(1000)
    .execute()) as Row[];
  return rows.map(picked);
}
