import { Badge, Card, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { workflow } from '../../runtime/workflow/provider.ts';
import { InstanceDrawer } from './InstanceDrawer.tsx';
import { usePaged } from './usePaged.ts';

/* 流程中心 → 抄送我的: applications the user was copied on, read or not; opening one marks it read. */
export default function CarbonCopies() {
  const [readFlag, setReadFlag] = useState<string | undefined>();
  const { table, reload } = usePaged(workflow.carbonCopies, readFlag ? { readFlag } : {});
  const [open, setOpen] = useState<string | null>(null);
  const view = (row: { id: string; instanceId: string; read: boolean }) => {
    setOpen(row.instanceId);
    if (!row.read) void workflow.markRead(row.id).then(reload, () => undefined);
  };
  return (
    <Card bordered={false}>
      <Space style={{ marginBottom: 12 }}>
        阅读状态：
        <Select
          allowClear
          placeholder="全部"
          style={{ width: 120 }}
          value={readFlag}
          onChange={setReadFlag}
          options={[
            { value: '0', label: '未读' },
            { value: '1', label: '已读' },
          ]}
        />
      </Space>
      <Table
        {...table}
        data-testid="wf-cc"
        columns={[
          { title: '', width: 40, render: (_, r) => (r.read ? null : <Badge status="error" />) },
          { title: '标题', dataIndex: 'title' },
          { title: '抄送环节', dataIndex: 'nodeName', width: 120 },
          { title: '发起人', dataIndex: 'initiatorName', width: 100 },
          { title: '流程状态', dataIndex: 'statusText', width: 100 },
          { title: '抄送时间', dataIndex: 'createTime', width: 170 },
          { title: '操作', width: 80, render: (_, r) => <a onClick={() => view(r)}>查看</a> },
        ]}
      />
      <InstanceDrawer id={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
