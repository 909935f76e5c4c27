import type { ReactNode } from 'react';
import { Sparkline } from '../../runtime/live/Sparkline.tsx';
import { usePolling, type Polled } from '../../runtime/live/usePolling.ts';

/*
 * What every tab of 监控中心 shares: its figures read from {API_BASE}/monitor/* now and every 5 seconds
 * (the polling hook the dashboards use too), and a labelled small line of a figure's last minutes.
 */

export const useLive = <T,>(path: string, query?: Record<string, string>): Polled<T> => usePolling<T>(path, { query });

/** A figure's last samples under its name, with how many and the largest. */
export function Trend({ values, label }: { values: number[]; label: string }): ReactNode {
  const max = values.length ? Math.max(...values) : 0;
  return (
    <div className="monitor-trend" data-testid={`trend-${label}`} style={{ width: 300 }}>
      <div>
        {label}（最近 {values.length} 次，最大 {Math.round(max * 100) / 100}）
      </div>
      <Sparkline values={values} label={label} height={48} />
    </div>
  );
}
