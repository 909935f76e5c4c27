import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEngagementDemo } from '../../server/db/demo/engagement.ts';
import { startServer, type TestServer } from './helpers/server.ts';

/* The demo of the engagement areas a first start writes: present in every area and consistent with the rules. */

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ DEMO_DATA: 'true' });
});
afterAll(() => s?.close());

const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(s.db)).rows;
const count = async (table: string) => Number((await rows(sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`))[0].n);

describe('engagement demo', () => {
  it('fills every area', async () => {
    expect(await count('wx_user')).toBeGreaterThanOrEqual(30);
    expect(await count('info_article')).toBeGreaterThanOrEqual(10);
    expect(await count('love_message')).toBeGreaterThanOrEqual(30);
    expect(await count('web_carousel')).toBeGreaterThanOrEqual(4);
    expect(await count('wx_user_like')).toBeGreaterThan(40);
    expect(await count('wx_user_collect')).toBeGreaterThan(10);
    expect(await count('donation_invoice')).toBeGreaterThanOrEqual(15);
    const statuses = await rows(sql<{ status: string }>`select distinct status from donation_invoice order by status`);
    expect(statuses.map((r) => r.status)).toEqual(expect.arrayContaining(['1', '2']));
    const moderated = await rows(sql<{ status: string }>`select distinct status from love_message order by status`);
    expect(moderated.map((r) => r.status)).toEqual(['1', '2', '3']);
  });

  it('ties donations to WeChat users, whose totals are what their paid records add to', async () => {
    const users = await rows(sql<{ total_donation_amount: number; donation_count: number; sum: number; n: number }>`
      select u.total_donation_amount, u.donation_count, coalesce(sum(r.amount) filter (where r.pay_status = '2'), 0) as sum, count(r.id) filter (where r.pay_status = '2') as n
      from wx_user u left join donation_record r on r.wx_user_id = u.id group by u.id`);
    for (const u of users) expect([Number(u.total_donation_amount), Number(u.donation_count)]).toEqual([Number(u.sum), Number(u.n)]);
    expect(users.filter((u) => Number(u.n) > 0).length).toBeGreaterThan(10);
  });

  it('rolls up article likes and collections, and keeps every record’s 开票状态 and invoice total within the rules', async () => {
    const articles = await rows(sql<{ like_count: number; collect_count: number; likes: number; collects: number }>`
      select a.like_count, a.collect_count,
        (select count(*) from wx_user_like l where l.object_type = '1' and l.object_id = a.id) as likes,
        (select count(*) from wx_user_collect c where c.object_type = '1' and c.object_id = a.id) as collects
      from info_article a`);
    for (const a of articles) expect([Number(a.like_count), Number(a.collect_count)]).toEqual([Number(a.likes), Number(a.collects)]);
    const records = await rows(sql<{ invoice_status: string; pay_status: string; amount: number; invoiced: number; issued: number; waiting: number }>`
      select r.invoice_status, r.pay_status, r.amount,
        coalesce(sum(i.amount) filter (where i.status <> '4'), 0) as invoiced,
        count(i.id) filter (where i.status in ('2', '3')) as issued, count(i.id) filter (where i.status = '1') as waiting
      from donation_record r join donation_invoice i on i.record_id = r.id group by r.id`);
    for (const r of records) {
      expect(r.pay_status).toBe('2');
      expect(Number(r.invoiced)).toBeLessThanOrEqual(Number(r.amount));
      expect(r.invoice_status).toBe(Number(r.issued) ? '2' : Number(r.waiting) ? '1' : '0');
    }
  });

  it('has real pictures behind banners, covers and avatars, served like uploads', async () => {
    const [banner] = await rows(sql<{ image: string }>`select image from web_carousel order by sort_no limit 1`);
    expect(banner.image).toMatch(/^carousel\/\d{8}\/[0-9a-f]{32}\.png$/);
    const served = await s.api.download(`/sys/common/static/${banner.image}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(await count('wx_user')).toBe(Number((await rows(sql<{ n: number }>`select count(*) as n from wx_user where avatar like 'wxavatar/%'`))[0].n));
  });

  it('is written once', async () => {
    expect(await seedEngagementDemo(s.ctx)).toBe(false);
  });
});
