import type { RuntimeFigures } from '../../../core/monitor-types.ts';
import { Alert, Descriptions, Space } from 'antd';
import { useSamples } from '../../../runtime/live/useSamples.ts';
import { Trend, useLive } from '../live.tsx';

/** 运行时监控 (JeecgBoot's JVM screen → this Node.js process): memory, event loop, handles, uptime. */
export function RuntimeTab() {
  const { data, error } = useLive<RuntimeFigures>('monitor/runtime');
  const heap = useSamples(data, (d) => d.heapUsedMb);
  const delay = useSamples(data, (d) => d.eventLoopDelayMs.p99);
  if (error) return <Alert type="error" message={error} />;
  if (!data) return null;
  const loop = data.eventLoopDelayMs;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions bordered size="small" column={3} data-testid="runtime-figures">
        <Descriptions.Item label="Node.js">{data.node}</Descriptions.Item>
        <Descriptions.Item label="进程号">{data.pid}</Descriptions.Item>
        <Descriptions.Item label="运行时长">{Math.round(data.uptimeSeconds / 60)} 分钟</Descriptions.Item>
        <Descriptions.Item label="堆内存已用">{data.heapUsedMb} MB</Descriptions.Item>
        <Descriptions.Item label="堆内存总量">{data.heapTotalMb} MB</Descriptions.Item>
        <Descriptions.Item label="常驻内存 (RSS)">{data.rssMb} MB</Descriptions.Item>
        <Descriptions.Item label="事件循环延迟 p50">{loop.p50} ms</Descriptions.Item>
        <Descriptions.Item label="事件循环延迟 p99">{loop.p99} ms</Descriptions.Item>
        <Descriptions.Item label="活动句柄">{data.activeResources}</Descriptions.Item>
        <Descriptions.Item label="已处理请求">{data.requests}</Descriptions.Item>
      </Descriptions>
      <Space size="large" wrap>
        <Trend values={heap} label="堆内存 MB" />
        <Trend values={delay} label="事件循环延迟 p99 ms" />
      </Space>
    </Space>
  );
}
