import { Card, Popconfirm, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { INSTANCE_STATUS } from '../../core/workflow/rules.ts';
import { workflow } from '../../runtime/workflow/provider.ts';
import { InstanceDrawer } from './InstanceDrawer.tsx';
import { instanceStateColumns } from './InstanceView.tsx';
import { usePaged } from './usePaged.ts';
import { useRun } from './useRun.ts';

/* 流程中心 → 我的申请: what the user has submitted, where each stands, its timeline; 撤回 while untouched, 催办 while waiting. */
export default function Applications() {
  const [status, setStatus] = useState<string | undefined>();
  const { table, reload } = usePaged(workflow.applications, status ? { status } : {});
  const [open, setOpen] = useState<string | null>(null);
  const run = useRun();
  const act = (work: () => Promise<string>) => run(work, reload);
  return (
    <Card bordered={false}>
      <Space style={{ marginBottom: 12 }}>
        状态：
        <Select
          allowClear
          placeholder="全部"
          style={{ width: 140 }}
          value={status}
          onChange={setStatus}
          options={Object.entries(INSTANCE_STATUS).map(([value, label]) => ({ value, label }))}
        />
      </Space>
      <Table
        {...table}
        data-testid="wf-applications"
        columns={[
          { title: '标题', dataIndex: 'title' },
          { title: '流程', dataIndex: 'processName', width: 150 },
          ...instanceStateColumns,
          {
            title: '操作',
            width: 170,
            fixed: 'right',
            render: (_, r) => (
              <Space>
                <a onClick={() => setOpen(r.id)}>查看</a>
                {r.status === 'running' && (
                  <>
                    <a onClick={() => act(() => workflow.urge(r.id))}>催办</a>
                    <Popconfirm title="确定撤回该申请吗?" okText="确定" cancelText="取消" onConfirm={() => act(() => workflow.withdraw(r.id))}>
                      <a>撤回</a>
                    </Popconfirm>
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
      <InstanceDrawer id={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
