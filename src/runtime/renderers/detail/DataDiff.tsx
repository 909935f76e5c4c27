import { Table, Tag } from 'antd';
import { useMemo } from 'react';

/*
 * Two versions of a record side by side (detail.diff: a data-log row's before and after): one line per
 * key of either version, changed lines marked. Values are shown as text, never as HTML.
 */

type Json = Record<string, unknown> | null;

function parse(value: unknown): Json {
  if (value && typeof value === 'object') return value as Record<string, unknown>;
  if (typeof value === 'string' && value) {
    try {
      const parsed = JSON.parse(value);
      return parsed && typeof parsed === 'object' ? parsed : null;
    } catch {
      return null;
    }
  }
  return null;
}

const text = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

export interface DiffLine {
  key: string;
  before: string;
  after: string;
  changed: boolean;
}

export function diffLines(before: unknown, after: unknown): DiffLine[] {
  const a = parse(before);
  const b = parse(after);
  const keys = [...new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])];
  return keys.map((key) => {
    const x = text(a?.[key]);
    const y = text(b?.[key]);
    return { key, before: a ? x : '', after: b ? y : '', changed: x !== y };
  });
}

export function DataDiff({ before, after, labels }: { before: unknown; after: unknown; labels?: Record<string, string> }) {
  const lines = useMemo(() => diffLines(before, after), [before, after]);
  const changedOnly = lines.filter((l) => l.changed).length;
  return (
    <div className="data-diff" data-testid="data-diff">
      <div style={{ margin: '16px 0 8px' }}>
        数据对比 <Tag color={changedOnly ? 'orange' : 'default'}>{changedOnly} 处变化</Tag>
      </div>
      <Table<DiffLine>
        size="small"
        bordered
        pagination={false}
        rowKey="key"
        dataSource={lines}
        rowClassName={(l) => (l.changed ? 'diff-changed' : '')}
        onRow={(l) => ({ style: l.changed ? { background: '#fff7e6' } : undefined })}
        columns={[
          { title: '字段', dataIndex: 'key', width: 180, render: (k: string) => (labels?.[k] ? `${labels[k]} (${k})` : k) },
          { title: '修改前', dataIndex: 'before', render: (v: string, l) => <span style={l.changed ? { color: '#cf1322' } : undefined}>{v}</span> },
          { title: '修改后', dataIndex: 'after', render: (v: string, l) => <span style={l.changed ? { color: '#389e0d' } : undefined}>{v}</span> },
        ]}
      />
    </div>
  );
}
