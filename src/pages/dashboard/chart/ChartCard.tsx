import { Card, Empty, Spin } from 'antd';
import { type ReactNode, Suspense } from 'react';

/** A titled card around one chart: 暂无数据 when there is nothing to draw, a spinner while the chart code loads. */
export function ChartCard({
  title,
  testId,
  empty,
  extra,
  children,
}: {
  title: string;
  testId: string;
  empty?: boolean;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card size="small" title={title} extra={extra} data-testid={testId} className="dashboard-chart">
      {empty ? <Empty description="暂无数据" /> : <Suspense fallback={<Spin />}>{children}</Suspense>}
    </Card>
  );
}
