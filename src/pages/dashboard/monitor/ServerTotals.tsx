import { Card, Col, Row, Statistic } from 'antd';
import { Sparkline } from '../../../runtime/live/Sparkline.tsx';
import type { ClusterTotal } from '../../../core/monitor-types.ts';

/** GET /monitor/server's total over the processes sharing the database (the page leaves this out where the server has no such endpoint). */
export function ServerTotals({ total, rates }: { total: ClusterTotal; rates: readonly number[] }) {
  return (
    <Card size="small" title="服务进程（共享同一数据库的全部进程）" className="dashboard-block" data-testid="monitor-server">
      <Row gutter={[12, 12]}>
        <Col xs={12} md={8} xl={4}>
          <Statistic title="进程数" value={total.processes} />
        </Col>
        <Col xs={12} md={8} xl={6}>
          <Statistic title="每秒请求" value={total.requestsPerSecond} precision={2} />
          <Sparkline values={rates} label="每秒请求" />
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Statistic title="错误率（5xx，最近一分钟）" value={total.errorRate * 100} precision={2} suffix="%" />
        </Col>
        <Col xs={12} md={8} xl={5}>
          <Statistic title="打开的连接" value={total.openConnections} />
        </Col>
        <Col xs={12} md={8} xl={5}>
          <Statistic title="WebSocket 连接" value={total.websockets} />
        </Col>
      </Row>
    </Card>
  );
}
