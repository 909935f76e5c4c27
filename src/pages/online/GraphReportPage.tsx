import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { ChartData } from '../../core/api-types.ts';
import { fetchChart } from '../../runtime/renderers/report/graph-api.ts';
import { GraphChart } from '../../runtime/renderers/report/GraphChart.tsx';

/*
 * A chart published to a menu entry (图表配置 › 发布, component `graphreport/{code}`): its figures as the
 * signed-in user may read them, one tab per chart type. What the user may read is the server's to say.
 */
export function GraphReportPage({ code }: { code: string }) {
  const [data, setData] = useState<ChartData | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const load = useCallback(() => {
    setLoading(true);
    fetchChart(code)
      .then((d) => {
        setData(d);
        setFailure(null);
      }, (e: Error) => setFailure(e.message))
      .finally(() => setLoading(false));
  }, [code]);
  useEffect(load, [load]);
  return (
    <Card title={data?.name ?? '图表'} bordered={false} className="schema-page" data-testid={`graph-report-${code}`}
      extra={
        <Button icon={<ReloadOutlined />} onClick={load}>
          刷新
        </Button>
      }>
      {failure && <Alert type="error" showIcon message={failure} data-testid="graph-report-error" />}
      <Spin spinning={loading}>{data ? <GraphChart data={data} height={420} /> : <div style={{ minHeight: 200 }} />}</Spin>
    </Card>
  );
}
