import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';

/* The demo of the project, help and poor-student areas a first start writes, consistent with their rules. */

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ DEMO_DATA: 'true' });
});
afterAll(() => s?.close());

const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(s.db)).rows;

describe('project, help and student demo', () => {
  it('projects in every status, disbursed never above approved, balances derived from the ledger', async () => {
    const statuses = await rows(sql<{ status: string }>`select distinct status from project_application order by status`);
    expect(statuses.map((r) => r.status)).toEqual(['1', '2', '3', '4', '5', '6']);
    const over = await rows(sql`select id from project_application where disbursed_amount > approved_amount`);
    expect(over).toEqual([]);
    const wrong = await rows(sql`
      select p.id from project_application p
      where p.fund_balance <> coalesce((select sum(case when f.direction = '2' then -f.amount else f.amount end) from project_fund f where f.project_id = p.id), 0)`);
    expect(wrong).toEqual([]);
    expect(Number((await rows(sql<{ n: number }>`select count(*) as n from project_report`))[0].n)).toBeGreaterThan(5);
  });

  it('approved help applications are linked to poor students; a known 身份证号 links the existing file', async () => {
    const unlinked = await rows(sql`select id from help_application where status in ('2', '4') and student_id is null`);
    expect(unlinked).toEqual([]);
    const linked = await rows(
      sql<{ n: number }>`select count(*) as n from help_application h join poor_student p on p.id = h.student_id and p.id_card = h.id_card`,
    );
    expect(Number(linked[0].n)).toBeGreaterThan(5);
    const duplicates = await rows(sql`select id_card from poor_student group by id_card having count(*) > 1`);
    expect(duplicates).toEqual([]);
    const totals = await rows(sql`
      select p.id from poor_student p where p.total_aid_amount <> coalesce((select sum(a.amount) from student_aid a where a.student_id = p.id), 0)`);
    expect(totals).toEqual([]);
    expect(Number((await rows(sql<{ n: number }>`select count(*) as n from student_aid`))[0].n)).toBeGreaterThan(10);
  });

  it('a region chosen in the 所在地区 query item finds the rows in it: a province, a prefecture, a county', async () => {
    const admin = await s.loginAs('admin', ADMIN_PASSWORD);
    const regions = async (code: string) => {
      const r = await s.api.get(`/project/application/list?pageSize=1000&region=${code}`, admin);
      expect(r.body.success, JSON.stringify(r.body)).toBe(true);
      return r.body.result.records.map((p: { region: string }) => p.region) as string[];
    };
    const all = (await rows(sql<{ region: string }>`select region from project_application`)).map((r) => r.region);
    const yunnan = await regions('530000');
    expect(yunnan.length).toBe(all.filter((r) => r.startsWith('53')).length);
    expect(yunnan.length).toBeGreaterThan(0);
    expect(yunnan.every((r) => r.startsWith('53'))).toBe(true);
    const nujiang = await regions('533300');
    expect(nujiang.length).toBe(all.filter((r) => r.startsWith('5333')).length);
    expect(nujiang.length).toBeLessThan(yunnan.length);
    expect(await regions('533323')).toEqual(all.filter((r) => r === '533323'));
    const bad = await s.api.get('/project/application/list?region=53%25', admin);
    expect(bad.body.message).toBe('所在地区的查询值格式不正确: 53%');
  });
});
