import type { TraceEntry } from '../../../core/monitor-types.ts';
import { Alert, Input, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useLive } from '../live.tsx';

/** 请求追踪: the last requests this process answered (never their tokens, queries or bodies), filtered. */
export function TraceTab() {
  const [method, setMethod] = useState<string>('');
  const [path, setPath] = useState('');
  const query: Record<string, string> = {};
  if (method) query.method = method;
  if (path) query.path = path;
  const { data, error } = useLive<TraceEntry[]>('monitor/httptrace', query);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Select
          allowClear
          placeholder="请求方法"
          style={{ width: 140 }}
          value={method || undefined}
          onChange={(v) => setMethod(v ?? '')}
          options={['GET', 'POST', 'PUT', 'DELETE'].map((m) => ({ value: m, label: m }))}
        />
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
