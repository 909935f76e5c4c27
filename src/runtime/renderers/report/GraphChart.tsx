import { Empty, Spin, Table, Tabs } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import type { ChartData, GraphType } from '../../../core/api-types.ts';
import { graphOption } from './chart-options.ts';

/*
 * One chart report's figures (图表报表): a tab per chart type the definition names — bar, line, pie or
 * the data table — over the same groups. Used by the chart's own screen and by the dashboard's blocks.
 */

const EChart = lazy(() => import('./EChart.tsx'));

const figure = (v: unknown) => Number(v ?? 0).toLocaleString('zh-CN', { maximumFractionDigits: 2 });

const TYPE_TEXT: Record<GraphType, string> = { bar: '柱状图', line: '折线图', pie: '饼图', table: '数据表格' };

function GraphTab({ type, data, height }: { type: GraphType; data: ChartData; height: number }) {
  const option = useMemo(() => graphOption(type, data.rows, data.series, data.yAxisText), [type, data]);
  if (option) {
    return (
      <Suspense fallback={<Spin />}>
        <EChart option={option} height={height} testId={`graph-${data.code}-${type}`} />
      </Suspense>
    );
  }
  const columns = [
    { title: data.dimension.label, dataIndex: 'text', key: 'text' },
    ...data.series.map((s) => ({ title: s.label, dataIndex: s.key, key: s.key, align: 'right' as const, render: (v: unknown) => figure(v) })),
  ];
  return (
    <Table
      size="small"
      rowKey={(r) => String(r.value ?? '')}
      dataSource={data.rows}
      columns={columns}
      pagination={data.rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
      data-testid={`graph-${data.code}-table`}
    />
  );
}

export function GraphChart({ data, height = 320 }: { data: ChartData; height?: number }) {
  if (!data.rows.length) return <Empty description="暂无数据" />;
  if (data.types.length === 1) return <GraphTab type={data.types[0]} data={data} height={height} />;
  return (
    <Tabs
      size="small"
      destroyOnHidden
      items={data.types.map((type) => ({ key: type, label: TYPE_TEXT[type], children: <GraphTab type={type} data={data} height={height} /> }))}
    />
  );
}
