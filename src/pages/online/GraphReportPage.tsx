import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Spin } from 'antd';
import { useState } from 'react';
import type { QueryItem } from '../../core/schema/types.generated.ts';
import { buildQueryParams } from '../../runtime/query/encode.ts';
import { QueryBar } from '../../runtime/renderers/list/QueryBar.tsx';
import { useChartData } from '../../runtime/renderers/report/useChartData.ts';
import { GraphChart } from '../../runtime/renderers/report/GraphChart.tsx';

/*
 * A chart published to a menu entry (图表配置 › 发布, component `graphreport/{code}`): its figures as the
 * signed-in user may read them, one tab per chart type; over an online report, the report's query items
 * filter the rows before they are grouped. What the user may read is the server's to say.
 */
export function GraphReportPage({ code }: { code: string }) {
  const [filters, setFilters] = useState<Record<string, string>>({});
  const { data, failure, loading, reload } = useChartData(code, filters);
  // getQueryInfo's items: the query bar reads them as it reads a list's (views, ranges, hidden flags).
  const items = (data?.query ?? []) as QueryItem[];
  return (
    <Card
      title={data?.name ?? '图表'}
      bordered={false}
      className="schema-page"
      data-testid={`graph-report-${code}`}
      extra={
        <Button icon={<ReloadOutlined />} onClick={reload}>
          刷新
        </Button>
      }
    >
      {failure && <Alert type="error" showIcon message={failure} data-testid="graph-report-error" style={{ marginBottom: 12 }} />}
      {items.length > 0 && <QueryBar items={items} onSearch={(values) => setFilters(buildQueryParams(items, values))} />}
      <Spin spinning={loading}>{data ? <GraphChart data={data} height={420} /> : <div style={{ minHeight: 200 }} />}</Spin>
    </Card>
  );
}
