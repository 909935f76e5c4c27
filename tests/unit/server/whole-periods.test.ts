import { expect, it } from 'vitest';
import { splitMonths, wholePeriods } from '../../../server/engine/read/reports.ts';

/* A report range as what the distinct-count companion answers it from: whole years, whole months, partial days. */

const periods = (begin: string, end: string) => {
  const { months, edges } = splitMonths({ begin, end });
  return { whole: months && wholePeriods(months), edges };
};

it('reads a calendar year from its year rows alone', () => {
  expect(periods('2024-01-01', '2024-12-31')).toEqual({ whole: { years: { from: '2024-01-01', to: '2024-01-01' }, months: [] }, edges: [] });
});

it('keeps months outside whole years as months, on either side', () => {
  expect(periods('2023-11-15', '2026-02-10')).toEqual({
    whole: {
      years: { from: '2024-01-01', to: '2025-01-01' },
      months: [
        { from: '2023-12-01', to: '2023-12-01' },
        { from: '2026-01-01', to: '2026-01-01' },
      ],
    },
    edges: [
      { begin: '2023-11-15', end: '2023-11-30' },
      { begin: '2026-02-01', end: '2026-02-10' },
    ],
  });
});

it('reads a range of whole months within one year, or across two without a whole one, from month rows', () => {
  expect(periods('2024-03-01', '2024-07-31').whole).toEqual({ years: null, months: [{ from: '2024-03-01', to: '2024-07-01' }] });
  expect(periods('2024-02-01', '2025-11-30').whole).toEqual({ years: null, months: [{ from: '2024-02-01', to: '2025-11-01' }] });
  expect(periods('2024-02-01', '2025-12-31').whole).toEqual({
    years: { from: '2025-01-01', to: '2025-01-01' },
    months: [{ from: '2024-02-01', to: '2024-12-01' }],
  });
});
