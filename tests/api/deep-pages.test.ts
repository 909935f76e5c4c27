import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deepPages } from '../../server/engine/read/reader.ts';
import { menuIdOf } from '../../server/engine/schema/menus.ts';
import { nowText } from '../../server/lib/time.ts';
import { addActivity } from './helpers/schema-records.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/*
 * Deep list pages (issue 21): from deepPages.fromOffset on, a page's ids are found first and its rows read
 * after them (a deferred join). Over rows with many ties in the sort columns, empty values, another
 * tenant's rows and another department's, every page answers exactly what the plain OFFSET read answers,
 * for the admin and for a user whose data rule shows only their own department.
 */

const ROWS = 3000;
const OTHER_ORG = 'A01A99';
const PAGE_SIZE = 100;
const DEFERRED_FROM = deepPages.fromOffset;

let s: TestServer;
let admin: string;
let deptUser: string;
let org: string;

/** A role reading 捐赠记录 with the 本部门 rule, and a user of the admin's department holding it. */
async function departmentReader(): Promise<string> {
  const area = (await s.db.selectFrom('sys_permission').select('id').where('url', '=', '/donation').where('menu_type', '=', 0).executeTakeFirstOrThrow()).id;
  const rule = await s.api.post(
    '/sys/permission/addPermissionRule',
    { permissionId: menuIdOf('donation/record'), ruleName: '本部门', ruleColumn: 'sys_org_code', ruleConditions: '=', ruleValue: '#{sys_org_code}' },
    admin,
  );
  const permissions = [area, menuIdOf('donation/record'), `rule:${rule.body.result.id}`].join(',');
  const role = await s.api.post('/system/role/add', { roleName: '部门读者', roleCode: 'dept_pages', permissions }, admin);
  const depart = (await s.db.selectFrom('sys_depart').select('id').where('org_code', '=', org).executeTakeFirstOrThrow()).id;
  const added = await s.api.post(
    '/sys/user/add',
    { username: 'deeppages', realname: '深页读者', password: 'Staff#2026a', selectedroles: [role.body.result.id], selecteddeparts: [depart] },
    admin,
  );
  expect(added.body.success, JSON.stringify(added.body)).toBe(true);
  return s.loginAs('deeppages', 'Staff#2026a');
}

beforeAll(async () => {
  s = await startServer({ SLOW_STATEMENT_MS: '0' });
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  org = (await s.db.selectFrom('sys_user').select('org_code').where('username', '=', 'admin').executeTakeFirstOrThrow()).org_code!;
  const activity = await addActivity(s, admin);
  await s.db.insertInto('sys_tenant').values({ id: 2, name: '另一个租户', status: 1, create_time: nowText() }).execute();
  // 40 creation times, 7 amounts, 13 pay times and no pay time on every 5th row: long runs of ties that only
  // the id breaks. Every 3rd row belongs to another department, every 10th to tenant 2.
  await sql`
    insert into donation_record (id, record_no, donor_type, donor_name, activity_id, amount, pay_method, pay_status, pay_time,
                                 create_by, create_time, sys_org_code, tenant_id)
    select 'DP' || left(md5(i::text), 30), 'DP' || lpad(i::text, 6, '0'), '1', '深页' || i, ${activity}, 10 * (1 + i % 7), '1',
           case when i % 5 = 0 then '1' else '2' end,
           case when i % 5 = 0 then null else timestamp '2025-01-01 08:00:00' + (i % 13) * interval '1 hour' end,
           'test', timestamp '2025-02-01 08:00:00' + (i % 40) * interval '1 minute',
           case when i % 3 = 0 then ${OTHER_ORG} else ${org} end, case when i % 10 = 0 then 2 else 1 end
    from generate_series(1, ${ROWS}::int) as i`.execute(s.db);
  deptUser = await departmentReader();
});
afterAll(async () => {
  deepPages.fromOffset = DEFERRED_FROM;
  await s?.close();
});

/** The ids of one page, read with the deferred join from `from` on. */
async function pageIds(token: string, query: string, pageNo: number, from: number): Promise<string[]> {
  deepPages.fromOffset = from;
  const r = await s.api.get(`/donation/record/list?${query}&pageNo=${pageNo}&pageSize=${PAGE_SIZE}`, token);
  expect(r.body.success, JSON.stringify(r.body).slice(0, 300)).toBe(true);
  return r.body.result.records.map((record: { id: string }) => record.id);
}

/** Whether the last list statement was the deferred join's (statements are timed from 0 ms, so all are kept). */
const deferredSent = () => s.ctx.statements.list().some((st) => st.sql.includes('"id" in (select "k"."id" from "donation_record" as "k"'));

/** Walks every page both ways; the deferred pages equal the plain ones, and together they are exactly `visible`. */
async function expectSamePages(token: string, query: string, visible: string[]) {
  const walked: string[] = [];
  const lastPage = Math.ceil(visible.length / PAGE_SIZE) + 1;
  for (let pageNo = 1; pageNo <= lastPage; pageNo++) {
    const plain = await pageIds(token, query, pageNo, Number.POSITIVE_INFINITY);
    const deferred = await pageIds(token, query, pageNo, DEFERRED_FROM);
    expect(deferred, `${query}, page ${pageNo}`).toEqual(plain);
    walked.push(...deferred);
  }
  expect(walked.length).toBe(visible.length);
  expect([...walked].sort()).toEqual([...visible].sort());
}

async function visibleIds(where: ReturnType<typeof sql>): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select id from donation_record where ${where}`.execute(s.db);
  return rows.map((r) => r.id);
}

describe('deep list pages (deferred join)', () => {
  it('cross the threshold with enough rows, and are read by the deferred join', async () => {
    const mine = await visibleIds(sql`tenant_id in (0, 1)`);
    expect(mine.length).toBeGreaterThan(DEFERRED_FROM + 5 * PAGE_SIZE);
    await pageIds(admin, 'column=createTime&order=desc', DEFERRED_FROM / PAGE_SIZE, DEFERRED_FROM);
    expect(deferredSent()).toBe(false);
    await pageIds(admin, 'column=createTime&order=desc', DEFERRED_FROM / PAGE_SIZE + 1, DEFERRED_FROM);
    expect(deferredSent()).toBe(true);
  });

  it('answer as the plain OFFSET read for the default sort, never showing another tenant’s rows', async () => {
    const mine = await visibleIds(sql`tenant_id in (0, 1)`);
    await expectSamePages(admin, '_t=1', mine);
  });

  it('answer as the plain OFFSET read for a chosen sort with ties (amount asc), and one with empty values (payTime)', async () => {
    const mine = await visibleIds(sql`tenant_id in (0, 1)`);
    await expectSamePages(admin, 'column=amount&order=asc', mine);
    await expectSamePages(admin, 'column=payTime&order=asc', mine);
    await expectSamePages(admin, 'column=payTime&order=desc', mine);
  });

  it('answer as the plain OFFSET read with filters', async () => {
    const paid = await visibleIds(sql`tenant_id in (0, 1) and pay_status = '2' and amount >= 30`);
    await expectSamePages(admin, 'payStatus=2&amount_begin=30&column=amount&order=desc', paid);
  });

  it('show a department-scoped user only the rows of their department and tenant', async () => {
    const own = await visibleIds(sql`tenant_id in (0, 1) and sys_org_code = ${org}`);
    expect(own.length).toBeGreaterThan(DEFERRED_FROM + PAGE_SIZE);
    await expectSamePages(deptUser, 'column=createTime&order=desc', own);
    await expectSamePages(deptUser, 'column=amount&order=asc', own);
  });
});
