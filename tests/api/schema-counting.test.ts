import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXACT_COUNT_LIMIT } from '../../server/engine/read/counting.ts';
import { type TestServer, startServer } from './helpers/server.ts';

/*
 * List totals without count(*) over big tables: the trigger-kept counter for unfiltered lists,
 * exact counts for small filtered results, the planner's estimate (flagged) for large ones.
 */
let s: TestServer;
let token: string;

beforeAll(async () => {
  s = await startServer();
  token = await s.loginAs('admin', 'Admin@1234');
});
afterAll(() => s.close());

const counter = async (table: string) => Number((await sql<{ n: number }>`select n from sys_row_count where table_name = ${table}`.execute(s.db)).rows[0]?.n);

async function activityId() {
  const res = await s.api.post('/donation/activity/add', { activityName: '计数测试活动', category: '1', status: '1' }, token);
  expect(res.status).toBe(200);
  return (res.body.result as { id: string }).id;
}

describe('list totals', () => {
  it('the counter follows inserts and deletes, through the API and through bulk SQL alike', async () => {
    const before = await counter('donation_record');
    const activity = await activityId();
    const add = await s.api.post(
      '/donation/record/add',
      { donorType: '1', donorName: '计数', activityId: activity, amount: 5, payMethod: '1', payStatus: '1' },
      token,
    );
    expect(add.status).toBe(200);
    expect(await counter('donation_record')).toBe(before + 1);
    await sql`insert into donation_record (id, donor_type, donor_name, activity_id, amount, pay_method, pay_status, create_time)
              select 'bulk' || i, '1', '批量', ${activity}, 1, '1', '1', now()::timestamp(0) from generate_series(1, 25) as i`.execute(s.db);
    expect(await counter('donation_record')).toBe(before + 26);
    await sql`delete from donation_record where id like 'bulk%'`.execute(s.db);
    expect(await counter('donation_record')).toBe(before + 1);
    const list = await s.api.get('/donation/record/list?pageSize=1', token);
    expect(list.body.result).toMatchObject({ total: before + 1 });
    expect((list.body.result as Record<string, unknown>).totalEstimated).toBeUndefined();
  });

  it('a filtered list over few rows counts exactly', async () => {
    const res = await s.api.get('/donation/record/list?donorName=计数', token);
    expect(res.body.result).toMatchObject({ total: 1 });
    expect((res.body.result as Record<string, unknown>).totalEstimated).toBeUndefined();
  });

  it(`a filtered list the planner expects above ${EXACT_COUNT_LIMIT} rows answers with the estimate, flagged`, async () => {
    const activity = await activityId();
    await sql`insert into donation_record (id, donor_type, donor_name, activity_id, amount, pay_method, pay_status, create_time)
              select 'many' || i, '1', '多', ${activity}, 1, '1', '2', now()::timestamp(0) from generate_series(1, ${EXACT_COUNT_LIMIT + 5000}::int) as i`.execute(
      s.db,
    );
    await sql`analyze donation_record`.execute(s.db);
    // A range (not a choice filter: those are answered by their counters exactly, tests/api/choice-counts.test.ts).
    const res = await s.api.get(`/donation/record/list?activityId=${activity}&amount_begin=1&amount_end=1&pageSize=10`, token);
    const page = res.body.result as { total: number; totalEstimated?: boolean; records: unknown[] };
    expect(page.totalEstimated).toBe(true);
    expect(page.total).toBeGreaterThan(EXACT_COUNT_LIMIT / 2);
    expect(page.records).toHaveLength(10);
  });
});
