import type { Session } from '../../auth/session.ts';
import type { DonationFigures } from '../../../src/core/api-types.ts';
import { findReport, type ReportRange, ReportRunner } from '../../engine/read/reports.ts';
import type { SchemaRuntime } from '../../engine/runtime.ts';
import type { Kysely } from 'kysely';

/*
 * This year's donations on the home page, computed by the declared 捐赠报表 (donation/record's report
 * 'summary'), so the dashboard and the report can never disagree on what a donation is (paid ones, by
 * payment time) or how it is counted.
 */

export const DONATION_REPORT = { code: 'donation/record', report: 'summary', byMonth: 'month', byActivity: 'activity', byPayMethod: 'pay_method' } as const;
const TOP_ACTIVITIES = 10;

const pad = (n: number) => String(n).padStart(2, '0');
const lastDayOf = (y: number, m: number) => new Date(y, m, 0).getDate();
const monthRange = (y: number, m: number): ReportRange => ({ begin: `${y}-${pad(m)}-01`, end: `${y}-${pad(m)}-${pad(lastDayOf(y, m))}` });

export function emptyDonations(year: number): DonationFigures {
  return { year, amount: 0, count: 0, donors: 0, monthAmount: 0, lastMonthAmount: 0, monthOnMonth: null, byMonth: [], byActivity: [], byPayMethod: [] };
}

/** null when the user may not see donation records. */
export async function donationFigures(db: Kysely<any>, runtime: SchemaRuntime, session: Session, now = new Date()): Promise<DonationFigures | null> {
  const year = now.getFullYear();
  const model = runtime.registry.find(DONATION_REPORT.code);
  const report = model && findReport(model, DONATION_REPORT.report);
  if (!model || !report) return emptyDonations(year);
  if (!(await runtime.access.canView(session, model))) return null;
  const runner = new ReportRunner(db, await runtime.reader(session));
  const yearRange = { begin: `${year}-01-01`, end: `${year}-12-31` };
  // The charts need amounts and counts per group; distinct donors only for the year as a whole (far cheaper).
  const result = await runner.run(
    model,
    report,
    yearRange,
    [DONATION_REPORT.byMonth, DONATION_REPORT.byActivity, DONATION_REPORT.byPayMethod],
    ['amount', 'count'],
  );
  const yearTotals = await runner.totals(model, report, yearRange);
  const month = now.getMonth() + 1;
  const [lastYear, lastMonth] = month === 1 ? [year - 1, 12] : [year, month - 1];
  const monthAmount = (await runner.totals(model, report, monthRange(year, month))).amount ?? 0;
  const lastMonthAmount = (await runner.totals(model, report, monthRange(lastYear, lastMonth))).amount ?? 0;
  const group = (key: string) => result.groups.find((g) => g.key === key)?.rows ?? [];
  return {
    year,
    amount: yearTotals.amount ?? 0,
    count: yearTotals.count ?? 0,
    donors: yearTotals.donors ?? 0,
    monthAmount,
    lastMonthAmount,
    monthOnMonth: lastMonthAmount ? Math.round(((monthAmount - lastMonthAmount) / lastMonthAmount) * 10000) / 10000 : null,
    byMonth: group(DONATION_REPORT.byMonth),
    byActivity: group(DONATION_REPORT.byActivity).slice(0, TOP_ACTIVITIES),
    byPayMethod: group(DONATION_REPORT.byPayMethod),
  };
}
