import type { EChartsCoreOption } from 'echarts/core';
import { lineOption } from '../../../runtime/renderers/report/chart-options.ts';
import type { ReportRow } from '../../../core/api-types.ts';

/* The chart gallery's own shaping of report rows (plain functions of data). */

/**
 * Donation amounts by month of `year` beside the year before, as a line each: twelve months, 0 where a
 * month had nothing, and no point for the months of `year` still to come (after `throughMonth`).
 */
export function yearOverYearOption(current: readonly ReportRow[], previous: readonly ReportRow[] | null, year: number, throughMonth = 12): EChartsCoreOption {
  const byMonth = (rows: readonly ReportRow[]) => new Map(rows.map((r) => [Number(String(r.value ?? '').slice(5, 7)), Number(r.amount ?? 0)]));
  const now = byMonth(current);
  const before = previous && byMonth(previous);
  const months = Array.from({ length: 12 }, (_, i) => i + 1);
  const option = lineOption(
    months.map((m) => ({ text: `${m}月` })),
    [],
  );
  const line = (name: string, data: (number | null)[]) => ({ type: 'line', name, data, connectNulls: false });
  return {
    ...option,
    series: [
      line(
        `${year}年`,
        months.map((m) => (m <= throughMonth ? (now.get(m) ?? 0) : null)),
      ),
      ...(before
        ? [
            line(
              `${year - 1}年`,
              months.map((m) => before.get(m) ?? 0),
            ),
          ]
        : []),
    ],
  };
}

/** The `n` rows with most of `measure`, largest first; rows of no value (未填写) are left out. */
export const topRows = (rows: readonly ReportRow[], measure: string, n: number): ReportRow[] =>
  rows
    .filter((r) => r.value !== null)
    .sort((a, b) => Number(b[measure] ?? 0) - Number(a[measure] ?? 0))
    .slice(0, n);
