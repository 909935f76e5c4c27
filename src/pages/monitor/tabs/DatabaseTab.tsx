import type { DatabaseFigures, SlowStatementFigures } from '../../../core/monitor-types.ts';
import { Alert, Descriptions, Space, Table, Typography } from 'antd';
import { useSamples } from '../../../runtime/live/useSamples.ts';
import { Trend, useLive } from '../live.tsx';

/** 慢语句: this process's statements at or over the threshold, timed by the engine itself. */
function SlowStatementTable() {
  const { data, error } = useLive<SlowStatementFigures>('monitor/statements');
  if (error) return <Alert type="error" message={error} />;
  if (!data) return null;
  return (
    <Table
      size="small"
      data-testid="slow-statements"
      title={() => `慢语句（本进程，耗时 ≥ ${data.thresholdMs} ms；只记语句，不记参数）`}
      rowKey="sql"
      pagination={{ pageSize: 10 }}
      dataSource={data.statements}
      locale={{ emptyText: '暂无慢语句' }}
      columns={[
        { title: '语句', dataIndex: 'sql', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
        { title: '次数', dataIndex: 'count', width: 70 },
        { title: '最长 (ms)', dataIndex: 'maxMs', width: 100 },
        { title: '最近 (ms)', dataIndex: 'lastMs', width: 100 },
        { title: '最近时间', dataIndex: 'lastTime', width: 110, render: (v: string) => new Date(v).toLocaleTimeString('zh-CN') },
      ]}
    />
  );
}

/** 数据库监控: the engine, its size and connections, the largest tables, and the slow statements. */
export function DatabaseTab() {
  const { data, error } = useLive<DatabaseFigures>('monitor/database');
  const size = useSamples(data, (d) => d.sizeMb);
  if (error) return <Alert type="error" message={error} />;
  if (!data) return null;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions bordered size="small" column={2} data-testid="database-figures">
        <Descriptions.Item label="数据库">{data.engine}</Descriptions.Item>
        <Descriptions.Item label="大小">{data.sizeMb} MB</Descriptions.Item>
        <Descriptions.Item label="版本">{data.version.split(' on ')[0]}</Descriptions.Item>
        <Descriptions.Item label="连接数">{data.connections}</Descriptions.Item>
      </Descriptions>
      <Trend values={size} label="数据库大小 MB" />
      <Table
        size="small"
        rowKey="name"
        pagination={{ pageSize: 10 }}
        dataSource={data.tables}
        columns={[
          { title: '表', dataIndex: 'name' },
          { title: '大小 (KB)', dataIndex: 'sizeKb' },
          { title: '行数（估计）', dataIndex: 'rowEstimate' },
        ]}
      />
      <SlowStatementTable />
    </Space>
  );
}
