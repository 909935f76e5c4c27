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
  const { donors = 0 } = await runner.totals(model, report, yearRange, ['donors']);
  const group = (key: string) => result.groups.find((g) => g.key === key)?.rows ?? [];
  // This month and the last from the year's months (every month of the range is listed); January's last month is last year's.
  const amountIn = (period: string) => Number(group(DONATION_REPORT.byMonth).find((r) => r.value === period)?.amount ?? 0);
  const month = now.getMonth() + 1;
  const monthAmount = amountIn(`${year}-${pad(month)}`);
  const lastMonthAmount =
    month === 1 ? ((await runner.totals(model, report, monthRange(year - 1, 12), ['amount'])).amount ?? 0) : amountIn(`${year}-${pad(month - 1)}`);
  return {
    year,
    amount: result.totals.amount ?? 0,
    count: result.totals.count ?? 0,
    donors,
    monthAmount,
    lastMonthAmount,
    monthOnMonth: lastMonthAmount ? Math.round(((monthAmount - lastMonthAmount) / lastMonthAmount) * 10000) / 10000 : null,
    byMonth: group(DONATION_REPORT.byMonth),
    byActivity: group(DONATION_REPORT.byActivity).slice(0, TOP_ACTIVITIES),
    byPayMethod: group(DONATION_REPORT.byPayMethod),
  };
}
