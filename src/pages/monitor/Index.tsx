import { Alert, Card, Descriptions, Input, Progress, Select, Space, Table, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { http, RequestFailure } from '../../runtime/http/client.ts';

/*
 * 系统监控 → 监控中心 (issue 19): the Node.js equivalents of JeecgBoot's JVM, server, Redis, disk and
 * http-trace screens, read live from {API_BASE}/monitor/* (permission monitor:view) and refreshed every
 * 5 seconds; the runtime tab keeps the last minutes of heap and event-loop delay as small charts.
 */

const REFRESH_MS = 5000;
const KEEP = 60;

type Figures = Record<string, unknown>;

function useLive<T>(path: string, query?: Record<string, string>): { data: T | null; error: string | null } {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify(query ?? {});
  useEffect(() => {
    let live = true;
    const load = () =>
      http.get<T>(path, query, { silent: true }).then(
        (r) => live && (setData(r.result), setError(null)),
        (e) => live && setError(e instanceof RequestFailure ? e.message : '读取失败'),
      );
    void load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path, key]);
  return { data, error };
}

/** A small line of the last samples (no chart library on this page: a polyline is enough). */
function Sparkline({ values, label }: { values: number[]; label: string }) {
  const max = Math.max(1, ...values);
  const points = values.map((v, i) => `${(i / Math.max(1, KEEP - 1)) * 300},${60 - (v / max) * 56}`).join(' ');
  return (
    <div className="monitor-sparkline" data-testid={`spark-${label}`}>
      <div>
        {label}（最近 {values.length} 次，最大 {max}）
      </div>
      <svg width={300} height={60} role="img" aria-label={label}>
        <polyline fill="none" stroke="#1890ff" strokeWidth={2} points={points} />
      </svg>
    </div>
  );
}

function RuntimeTab() {
  const { data, error } = useLive<Figures>('monitor/runtime');
  const [heap, setHeap] = useState<number[]>([]);
  const [delay, setDelay] = useState<number[]>([]);
  useEffect(() => {
    if (!data) return;
    setHeap((h) => [...h, Number(data.heapUsedMb)].slice(-KEEP));
    setDelay((d) => [...d, Number((data.eventLoopDelayMs as Figures).p99)].slice(-KEEP));
  }, [data]);
  if (error) return <Alert type="error" message={error} />;
  if (!data) return null;
  const loop = data.eventLoopDelayMs as Figures;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions bordered size="small" column={3} data-testid="runtime-figures">
        <Descriptions.Item label="Node.js">{String(data.node)}</Descriptions.Item>
        <Descriptions.Item label="进程号">{String(data.pid)}</Descriptions.Item>
        <Descriptions.Item label="运行时长">{Math.round(Number(data.uptimeSeconds) / 60)} 分钟</Descriptions.Item>
        <Descriptions.Item label="堆内存已用">{String(data.heapUsedMb)} MB</Descriptions.Item>
        <Descriptions.Item label="堆内存总量">{String(data.heapTotalMb)} MB</Descriptions.Item>
        <Descriptions.Item label="常驻内存 (RSS)">{String(data.rssMb)} MB</Descriptions.Item>
        <Descriptions.Item label="事件循环延迟 p50">{String(loop.p50)} ms</Descriptions.Item>
        <Descriptions.Item label="事件循环延迟 p99">{String(loop.p99)} ms</Descriptions.Item>
        <Descriptions.Item label="活动句柄">{String(data.activeResources)}</Descriptions.Item>
        <Descriptions.Item label="已处理请求">{String(data.requests)}</Descriptions.Item>
      </Descriptions>
      <Space size="large" wrap>
        <Sparkline values={heap} label="堆内存 MB" />
        <Sparkline values={delay} label="事件循环延迟 p99 ms" />
      </Space>
    </Space>
  );
}

function SystemTab() {
  const { data, error } = useLive<Figures>('monitor/system');
  if (error) return <Alert type="error" message={error} />;
  if (!data) return null;
  const memPercent = Math.round((Number(data.memoryUsedMb) / Math.max(1, Number(data.memoryTotalMb))) * 100);
  return (
    <Descriptions bordered size="small" column={2} data-testid="system-figures">
      <Descriptions.Item label="操作系统">{String(data.os)}</Descriptions.Item>
      <Descriptions.Item label="主机">{String(data.hostname)}</Descriptions.Item>
      <Descriptions.Item label="CPU">{String(data.cpu)}（{String(data.cores)} 核）</Descriptions.Item>
      <Descriptions.Item label="CPU 使用率">
        <Progress percent={Number(data.loadPercent)} size="small" />
      </Descriptions.Item>
      <Descriptions.Item label="内存">
        {String(data.memoryUsedMb)} / {String(data.memoryTotalMb)} MB <Progress percent={memPercent} size="small" />
      </Descriptions.Item>
      <Descriptions.Item label="系统运行时长">{Math.round(Number(data.uptimeSeconds) / 3600)} 小时</Descriptions.Item>
    </Descriptions>
  );
}

function DiskTab() {
  const { data, error } = useLive<{ filesystems: Figures[]; dataDirMb: number; uploadsMb: number }>('monitor/disk');
  if (error) return <Alert type="error" message={error} />;
  if (!data) return null;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <div data-testid="data-dir-size">
        数据目录 {data.dataDirMb} MB，其中上传文件 {data.uploadsMb} MB
      </div>
      <Table
        size="small"
        rowKey="mount"
        pagination={false}
        dataSource={data.filesystems}
        columns={[
          { title: '挂载点', dataIndex: 'mount' },
          { title: '文件系统', dataIndex: 'fs' },
          { title: '类型', dataIndex: 'type' },
          { title: '总大小 (MB)', dataIndex: 'sizeMb' },
          { title: '已用 (MB)', dataIndex: 'usedMb' },
          { title: '可用 (MB)', dataIndex: 'freeMb' },
          { title: '使用率', dataIndex: 'usePercent', render: (v: number) => <Progress percent={v} size="small" /> },
        ]}
      />
    </Space>
  );
}

function DatabaseTab() {
  const { data, error } = useLive<{ engine: string; version: string; sizeMb: number; connections: number; tables: Figures[] }>('monitor/database');
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
      <Table size="small" rowKey="name" pagination={{ pageSize: 10 }} dataSource={data.tables} columns={[{ title: '表', dataIndex: 'name' }, { title: '大小 (KB)', dataIndex: 'sizeKb' }, { title: '行数（估计）', dataIndex: 'rowEstimate' }]} />
    </Space>
  );
}

function TraceTab() {
  const [method, setMethod] = useState<string>('');
  const [path, setPath] = useState('');
  const query: Record<string, string> = {};
  if (method) query.method = method;
  if (path) query.path = path;
  const { data, error } = useLive<Figures[]>('monitor/httptrace', query);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Select allowClear placeholder="请求方法" style={{ width: 140 }} value={method || undefined} onChange={(v) => setMethod(v ?? '')} options={['GET', 'POST', 'PUT', 'DELETE'].map((m) => ({ value: m, label: m }))} />
        <Input.Search allowClear placeholder="路径包含" style={{ width: 260 }} onSearch={setPath} />
      </Space>
      {error && <Alert type="error" message={error} />}
      <Table
        size="small"
        rowKey={(r) => `${r.time}${r.path}${r.ms}`}
        data-testid="trace-table"
        dataSource={data ?? []}
        pagination={{ pageSize: 20 }}
        columns={[
          { title: '时间', dataIndex: 'time', render: (v: string) => new Date(v).toLocaleTimeString('zh-CN') },
          { title: '方法', dataIndex: 'method' },
          { title: '路径', dataIndex: 'path' },
          { title: '状态', dataIndex: 'status' },
          { title: '耗时 (ms)', dataIndex: 'ms' },
          { title: '用户', dataIndex: 'user' },
        ]}
      />
    </Space>
  );
}

export default function MonitorCenter() {
  return (
    <Card title="监控中心" data-testid="monitor-center">
      <Tabs
        items={[
          { key: 'runtime', label: '运行时监控', children: <RuntimeTab /> },
          { key: 'system', label: '系统监控', children: <SystemTab /> },
          { key: 'disk', label: '磁盘监控', children: <DiskTab /> },
          { key: 'database', label: '数据库监控', children: <DatabaseTab /> },
          { key: 'trace', label: '请求追踪', children: <TraceTab /> },
        ]}
      />
    </Card>
  );
}
