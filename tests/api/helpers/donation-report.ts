import { type RawBuilder, sql } from 'kysely';
import { expect } from 'vitest';
import type { TestServer } from './server.ts';

/*
 * 捐赠报表 over 2024 two ways: as the API answers it (from its maintained summary when it can), and computed here
 * straight from donation_record — the tests of the summaries and of the imports compare the two.
 */

const RANGE = 'begin=2024-01-01&end=2024-12-31';
const num = (v: unknown) => Math.round(Number(v) * 100) / 100;

/** The report's totals and, per group `keys` names, each value's [amount, count, donors] (values with records only). */
export async function reportedFigures(s: TestServer, token: string, keys: string[]): Promise<Record<string, any>> {
  const r = await s.api.get(`/donation/record/report/summary?${RANGE}`, token);
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true });
  const group = (key: string) =>
    Object.fromEntries(
      r.body.result.groups
        .find((g: any) => g.key === key)
        .rows.filter((row: any) => row.count > 0)
        .map((row: any) => [row.value, [row.amount, row.count, row.donors]]),
    );
  return { totals: r.body.result.totals, ...Object.fromEntries(keys.map((key) => [key, group(key)])) };
}

/** The same figures from the records `only` selects, each group by its SQL expression. */
export async function expectedFigures(
  s: TestServer,
  groups: Record<string, RawBuilder<unknown>>,
  only: RawBuilder<unknown> = sql`true`,
): Promise<Record<string, any>> {
  const paid = sql`pay_status = '2' and pay_time >= '2024-01-01' and pay_time < '2025-01-01' and ${only}`;
  const grouped = async (expr: RawBuilder<unknown>) => {
    const { rows } =
      await sql<any>`select ${expr} as g, sum(amount) as a, count(*) as n, count(distinct donor_name) as d from donation_record where ${paid} and ${expr} is not null group by 1`.execute(
        s.db,
      );
    return Object.fromEntries(rows.map((r: any) => [r.g, [num(r.a), Number(r.n), Number(r.d)]]));
  };
  const { rows } =
    await sql<any>`select coalesce(sum(amount), 0) as a, count(*) as n, count(distinct donor_name) as d from donation_record where ${paid}`.execute(s.db);
  const figures: Record<string, any> = { totals: { amount: num(rows[0].a), count: Number(rows[0].n), donors: Number(rows[0].d) } };
  for (const [key, expr] of Object.entries(groups)) figures[key] = await grouped(expr);
  return figures;
}
