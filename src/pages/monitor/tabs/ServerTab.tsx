import type { ClusterFigures } from '../../../core/monitor-types.ts';
import { Alert, Descriptions, Space, Table, Tag } from 'antd';
import { useSamples } from '../../../runtime/live/useSamples.ts';
import { Trend, useLive } from '../live.tsx';

const percent = (rate: number) => `${(rate * 100).toFixed(2)}%`;

/**
 * 服务器监控 (JeecgBoot's Tomcat screen → the HTTP servers): each API process's requests, latency,
 * connections and WebSockets from its heartbeat row, and all processes sharing the database together.
 */
export function ServerTab() {
  const { data, error } = useLive<ClusterFigures>('monitor/server');
  const rate = useSamples(data, (d) => d.total.requestsPerSecond);
  if (error) return <Alert type="error" message={error} />;
  if (!data) return null;
  const { total } = data;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions bordered size="small" column={3} data-testid="server-total" title="全部进程（共用同一数据库）">
        <Descriptions.Item label="在线进程">{total.processes}</Descriptions.Item>
        <Descriptions.Item label="每秒请求">{total.requestsPerSecond}</Descriptions.Item>
        <Descriptions.Item label="已处理请求">{total.requests}</Descriptions.Item>
        <Descriptions.Item label="错误率 (5xx)">{percent(total.errorRate)}</Descriptions.Item>
        <Descriptions.Item label="打开的连接">{total.openConnections}</Descriptions.Item>
        <Descriptions.Item label="WebSocket">{total.websockets}</Descriptions.Item>
      </Descriptions>
      <Trend values={rate} label="每秒请求（全部进程）" />
      <Table
        size="small"
        rowKey="id"
        data-testid="server-processes"
        pagination={false}
        dataSource={data.processes}
        columns={[
          {
            title: '进程',
            dataIndex: 'pid',
            render: (pid: number, r) => (
              <>
                {`${r.host} #${pid}`} {r.id === data.self && <Tag color="blue">本进程</Tag>}
              </>
            ),
          },
          { title: '状态', dataIndex: 'live', render: (live: boolean) => (live ? <Tag color="green">在线</Tag> : <Tag>失联</Tag>) },
          { title: '请求', dataIndex: 'requests' },
          { title: '每秒', dataIndex: 'requestsPerSecond' },
          { title: 'p50 (ms)', dataIndex: 'p50Ms' },
          { title: 'p99 (ms)', dataIndex: 'p99Ms' },
          { title: '错误率', dataIndex: 'errorRate', render: percent },
          { title: '连接', dataIndex: 'openConnections' },
          { title: 'WebSocket', dataIndex: 'websockets' },
          { title: '堆内存 (MB)', dataIndex: 'heapUsedMb' },
          { title: '最近心跳', dataIndex: 'seenAt', render: (v: string) => new Date(v).toLocaleTimeString('zh-CN') },
        ]}
      />
    </Space>
  );
}
