import { App, Card, Popconfirm, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { INSTANCE_STATUS } from '../../core/workflow/rules.ts';
import { RequestFailure } from '../../runtime/http/client.ts';
import { workflow } from '../../runtime/workflow/provider.ts';
import { InstanceDrawer } from './InstanceDrawer.tsx';
import { StatusTag } from './InstanceView.tsx';
import { usePaged } from './usePaged.ts';

/* 流程中心 → 我的申请: what the user has submitted, where each stands, its timeline; 撤回 while untouched, 催办 while waiting. */
export default function Applications() {
  const { message } = App.useApp();
  const [status, setStatus] = useState<string | undefined>();
  const { rows, loading, pagination, reload } = usePaged(workflow.applications, status ? { status } : {});
  const [open, setOpen] = useState<string | null>(null);
  const act = async (work: () => Promise<string>) => {
    try {
      message.success(await work());
      reload();
    } catch (e) {
      message.error(e instanceof RequestFailure ? e.message : '操作失败');
    }
  };
  return (
    <Card bordered={false}>
      <Space style={{ marginBottom: 12 }}>
        状态：
        <Select allowClear placeholder="全部" style={{ width: 140 }} value={status} onChange={setStatus} options={Object.entries(INSTANCE_STATUS).map(([value, label]) => ({ value, label }))} />
      </Space>
      <Table
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={rows}
        pagination={pagination}
        data-testid="wf-applications"
        columns={[
          { title: '标题', dataIndex: 'title' },
          { title: '流程', dataIndex: 'processName', width: 150 },
          { title: '状态', width: 100, render: (_, r) => <StatusTag status={r.status} text={r.statusText} /> },
          { title: '当前步骤', dataIndex: 'currentNodes', width: 120 },
          { title: '当前办理人', dataIndex: 'currentAssignees', width: 120 },
          { title: '发起时间', dataIndex: 'startTime', width: 170 },
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
