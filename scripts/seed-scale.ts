/*
 * `npm run seed:scale [-- N]`: fills the database (DATA_DIR's embedded PostgreSQL, or DATABASE_URL) with
 * N donation records (default 1,000,000) across the demo activities and teams, in set-based SQL batches,
 * then brings the roll-ups (已筹金额, 捐赠人次, 成员数) and the report summaries (with their distinct-count companions) up to date and vacuums and analyses the table. Run it with the
 * server stopped: the embedded database belongs to one process at a time.
 */
import { sql } from 'kysely';
import { prepareApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/connect.ts';
import { syncReportSummaries } from '../server/engine/read/report-summaries.ts';

const BATCH = 100_000;

export async function seedScale(total: number, log: (line: string) => void = console.log): Promise<{ inserted: number; seconds: number }> {
  const config = loadConfig();
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const started = performance.now();
  try {
    const { app, ctx } = await prepareApp(config, database, { demoData: true });
    await app.close();
    const db = database.db;
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from donation_record where record_no like 'SC%'`.execute(db);
    const existing = rows[0].n;
    for (let from = existing; from < total; from += BATCH) {
      const to = Math.min(total, from + BATCH);
      // Names, amounts and dates vary with the row number; about 90% paid, spread over the last 18 months.
      await sql`
        with acts as (select array_agg(id order by id) as ids from donation_activity where status <> '0'),
             teams as (select activity_id, array_agg(id order by id) as ids from donation_team group by activity_id),
             g as (
               select i, acts.ids[(1 + (i::bigint * 7919) % array_length(acts.ids, 1))::int] as activity_id,
                      now() - ((i::bigint * 104729) % (540 * 86400)) * interval '1 second' as at
               from generate_series(${from + 1}::int, ${to}::int) as i, acts)
        insert into donation_record (id, record_no, donor_type, donor_name, phone, anonymous, activity_id, team_id, amount, pay_method, pay_status,
                                     pay_time, trade_no, message, invoice_status, create_by, create_time, sys_org_code, tenant_id)
        select 'SC' || lpad(g.i::text, 17, '0'),
               'SC' || lpad(g.i::text, 10, '0'),
               case when g.i % 17 = 0 then '2' when g.i % 23 = 0 then '3' else '1' end,
               substr('王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹', 1 + g.i % 30, 1) ||
                 (array['伟','芳','娜','秀英','敏','静','丽','强','磊','军','洋','勇','艳','杰','娟','涛','明','超','霞','平'])[1 + (g.i / 30) % 20],
               '13' || lpad(((g.i::bigint * 7) % 1000000000)::text, 9, '0'),
               case when g.i % 11 = 0 then '1' else '0' end,
               g.activity_id,
               case when g.i % 3 = 0 then t.ids[1 + g.i % array_length(t.ids, 1)] end,
               round((10 + (g.i * 37) % 2000 + (g.i % 100) / 100.0)::numeric, 2),
               (1 + g.i % 5)::text,
               case when g.i % 10 = 7 then '1' when g.i % 31 = 0 then '3' else '2' end,
               case when g.i % 10 = 7 then null else date_trunc('second', g.at)::timestamp(0) end,
               'T' || lpad(g.i::text, 12, '0'),
               case when g.i % 4 = 0 then '为爱接力' end,
               '0', 'scale', date_trunc('second', g.at)::timestamp(0), 'A01', 0
        from g left join teams t on t.activity_id = g.activity_id
      `.execute(db);
      log(`  donation_record: ${to.toLocaleString()} / ${total.toLocaleString()}`);
    }
    const paid = sql`pay_status = '2'`;
    await sql`update donation_activity a set raised_amount = coalesce(s.total, 0), donor_count = coalesce(s.n, 0)
              from (select activity_id, sum(amount) as total, count(*) as n from donation_record where ${paid} group by activity_id) s
              where s.activity_id = a.id`.execute(db);
    await sql`update donation_team t set raised_amount = coalesce(s.total, 0), member_count = coalesce(s.n, 0)
              from (select team_id, sum(amount) as total, count(distinct donor_name) as n from donation_record where ${paid} and team_id is not null group by team_id) s
              where s.team_id = t.id`.execute(db);
    // The rows went in by bulk SQL, past the writes that keep the report summaries and their distinct-count
    // companions (rdst_…): rebuild them once.
    await syncReportSummaries(db, ctx.runtime.registry, true);
    // Vacuumed as well as analysed: until the visibility map is set, an index-only scan (a deep page's ids)
    // visits the table for every entry. A PostgreSQL server's autovacuum would set it soon; PGlite runs none.
    await sql`vacuum (analyze) donation_record`.execute(db);
    return { inserted: Math.max(0, total - existing), seconds: (performance.now() - started) / 1000 };
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const total = Number(process.argv[2] || 1_000_000);
  seedScale(total).then(
    (r) => console.log(`seed:scale done: ${r.inserted.toLocaleString()} records added in ${r.seconds.toFixed(1)} s`),
    (e) => {
      console.error('seed:scale failed:', e);
      process.exit(1);
    },
  );
}
