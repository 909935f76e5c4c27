import { Alert, Card, Col, Row, Spin } from 'antd';
import { useEffect, useState } from 'react';
import type { DashboardGraph } from '../../core/api-types.ts';
import { fetchDashboardGraphs } from '../../runtime/renderers/report/graph-api.ts';
import { useChartData } from '../../runtime/renderers/report/useChartData.ts';
import { GraphChart } from '../../runtime/renderers/report/GraphChart.tsx';

/*
 * The charts marked 首页展示 in 图表配置, as blocks below the fixed dashboard: the server lists those this
 * user may read; each block loads its own figures, so a slow or broken one does not hold the others.
 */

export function GraphBlock({ graph }: { graph: DashboardGraph }) {
  const { data, failure } = useChartData(graph.code);
  return (
    <Card size="small" title={graph.name} className="dashboard-chart" data-testid={`dashboard-graph-${graph.code}`}>
      {failure ? <Alert type="error" showIcon message={failure} /> : data ? <GraphChart data={data} height={300} /> : <Spin />}
    </Card>
  );
}

export function DashboardGraphs() {
  const [graphs, setGraphs] = useState<DashboardGraph[]>([]);
  useEffect(() => {
    // The blocks are extras: a failure to list them leaves the rest of the dashboard as it is.
    fetchDashboardGraphs().then(setGraphs, () => setGraphs([]));
  }, []);
  if (!graphs.length) return null;
  return (
    <Row gutter={[12, 12]} className="dashboard-block" data-testid="dashboard-graphs">
      {graphs.map((g) => (
        <Col key={g.code} xs={24} xl={12}>
          <GraphBlock graph={g} />
        </Col>
      ))}
    </Row>
  );
}
