import type { SystemFigures } from '../../../core/monitor-types.ts';
import { Alert, Descriptions, Progress, Space } from 'antd';
import { useSamples } from '../../../runtime/live/useSamples.ts';
import { memoryPercent } from '../../../runtime/live/monitor-figures.ts';
import { Trend, useLive } from '../live.tsx';

/** 系统监控: the host — OS, CPU and its load, memory, uptime. */
export function SystemTab() {
  const { data, error } = useLive<SystemFigures>('monitor/system');
  const cpu = useSamples(data, (d) => d.loadPercent);
  const memory = useSamples(data, memoryPercent);
  if (error) return <Alert type="error" message={error} />;
  if (!data) return null;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions bordered size="small" column={2} data-testid="system-figures">
        <Descriptions.Item label="操作系统">{data.os}</Descriptions.Item>
        <Descriptions.Item label="主机">{data.hostname}</Descriptions.Item>
        <Descriptions.Item label="CPU">
          {data.cpu}（{data.cores} 核）
        </Descriptions.Item>
        <Descriptions.Item label="CPU 使用率">
          <Progress percent={data.loadPercent} size="small" />
        </Descriptions.Item>
        <Descriptions.Item label="内存">
          {data.memoryUsedMb} / {data.memoryTotalMb} MB <Progress percent={memoryPercent(data)} size="small" />
        </Descriptions.Item>
        <Descriptions.Item label="平均负载">{data.loadAverage.toFixed(2)}</Descriptions.Item>
        <Descriptions.Item label="进程" data-testid="system-processes">
          共 {data.processes.all} 个：运行 {data.processes.running}，休眠 {data.processes.sleeping}，阻塞 {data.processes.blocked}
        </Descriptions.Item>
        <Descriptions.Item label="系统运行时长">{Math.round(data.uptimeSeconds / 3600)} 小时</Descriptions.Item>
      </Descriptions>
      <Space size="large" wrap>
        <Trend values={cpu} label="CPU 使用率 %" />
        <Trend values={memory} label="内存使用率 %" />
      </Space>
    </Space>
  );
}
