import type { CachesFigures, RedisAnswer } from '../../../core/monitor-types.ts';
import { Alert, Descriptions, Progress, Space, Table } from 'antd';
import { useLive } from '../live.tsx';

const asPercent = (rate: number | null | undefined) => (rate === null || rate === undefined ? 0 : Math.round(rate * 1000) / 10);

function RedisFiguresView({ redis }: { redis: RedisAnswer | null }) {
  if (!redis) return <Alert type="info" showIcon message="未配置 Redis（REDIS_URL）：缓存都在各进程内存中，由数据库通知保持一致。" />;
  if ('error' in redis) return <Alert type="warning" showIcon message={redis.error} />;
  return (
    <Descriptions bordered size="small" column={3} data-testid="redis-figures" title="Redis">
      <Descriptions.Item label="版本">{redis.version}</Descriptions.Item>
      <Descriptions.Item label="模式">{redis.mode}</Descriptions.Item>
      <Descriptions.Item label="运行时长">{Math.round(redis.uptimeSeconds / 3600)} 小时</Descriptions.Item>
      <Descriptions.Item label="客户端连接">{redis.connectedClients}</Descriptions.Item>
      <Descriptions.Item label="已用内存">{redis.usedMemoryMb} MB</Descriptions.Item>
      <Descriptions.Item label="键数">{redis.keys}</Descriptions.Item>
      <Descriptions.Item label="命中率">{asPercent(redis.hitRate)}%</Descriptions.Item>
      <Descriptions.Item label="每秒操作">{redis.opsPerSecond}</Descriptions.Item>
    </Descriptions>
  );
}

/** 缓存监控 (JeecgBoot's Redis screen → our caches): entries and hit rates of this process's caches, and Redis when configured. */
export function CacheTab() {
  const { data, error } = useLive<CachesFigures>('monitor/caches');
  if (error) return <Alert type="error" message={error} />;
  if (!data) return null;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Table
        size="small"
        rowKey="name"
        data-testid="cache-table"
        pagination={false}
        dataSource={data.caches}
        columns={[
          { title: '缓存', dataIndex: 'label' },
          { title: '条目', dataIndex: 'entries' },
          { title: '命中', dataIndex: 'hits' },
          { title: '未命中', dataIndex: 'misses' },
          { title: '命中率', dataIndex: 'hitRate', render: (v: number | null) => (v === null ? '—' : <Progress percent={asPercent(v)} size="small" />) },
        ]}
      />
      <RedisFiguresView redis={data.redis} />
    </Space>
  );
}
