import { Card, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { Sparkline } from '../../../runtime/live/Sparkline.tsx';

/** One figure of the monitor dashboard: its value ('—' until it arrives), a line under it, and its last minutes as a sparkline. */
export function FigureCard({
  title,
  value,
  suffix,
  precision,
  foot,
  samples,
  testId,
}: {
  title: string;
  value: number | undefined;
  suffix?: string;
  precision?: number;
  foot?: ReactNode;
  samples?: readonly number[];
  testId: string;
}) {
  return (
    <Card size="small" className="monitor-figure" data-testid={testId}>
      {value === undefined ? <Statistic title={title} value="—" /> : <Statistic title={title} value={value} suffix={suffix} precision={precision} />}
      {samples && <Sparkline values={samples} label={title} />}
      {foot && <div className="dashboard-foot">{foot}</div>}
    </Card>
  );
}
