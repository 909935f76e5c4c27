import { Button, Card, Input, Popconfirm, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { INSTANCE_STATUS } from '../../core/workflow/rules.ts';
import type { WfInstanceDetail } from '../../core/workflow/wire.ts';
import { workflow } from '../../runtime/workflow/provider.ts';
import { UserField } from '../../widgets/user/UserField.tsx';
import { InstanceDrawer } from './InstanceDrawer.tsx';
import { instanceStateColumns } from './InstanceView.tsx';
import { usePaged } from './usePaged.ts';
import { useRun } from './useRun.ts';

/* 流程中心 → 流程监控 (workflow:monitor): every instance of the tenant; suspend, resume, terminate, and reassign a waiting task. */

function Reassign({ instance, done }: { instance: WfInstanceDetail; done: () => void }) {
  const run = useRun();
  const [picked, setPicked] = useState<Record<string, string>>({});
  if (!instance.openTasks.length) return null;
  return (
    <div style={{ marginTop: 16 }} data-testid="wf-reassign">
      <h4>改派</h4>
      {instance.openTasks.map((t) => (
        <Space key={t.id} style={{ marginBottom: 8 }}>
          <span>
            {t.nodeName}（{t.assigneeName}）→
          </span>
          <div style={{ width: 220 }}>
            <UserField value={picked[t.id]} onChange={(v) => setPicked({ ...picked, [t.id]: v })} />
          </div>
          <Button disabled={!picked[t.id]} onClick={() => run(() => workflow.manage('reassign', { id: t.id, username: picked[t.id] }), done)}>
            改派
          </Button>
        </Space>
      ))}
    </div>
  );
}

export default function Monitor() {
  const run = useRun();
  const [status, setStatus] = useState<string | undefined>();
  const [title, setTitle] = useState('');
  const { table, reload } = usePaged(workflow.monitor, { ...(status ? { status } : {}), ...(title ? { title } : {}) });
  const [open, setOpen] = useState<string | null>(null);
  const act = (action: 'suspend' | 'resume' | 'terminate', id: string) => run(() => workflow.manage(action, { id }), reload);
  return (
    <Card bordered={false}>
      <Space style={{ marginBottom: 12 }}>
        <Input.Search placeholder="标题" allowClear onSearch={setTitle} style={{ width: 220 }} />
        <Select
          allowClear
          placeholder="全部状态"
          style={{ width: 140 }}
          value={status}
          onChange={setStatus}
          options={Object.entries(INSTANCE_STATUS).map(([value, label]) => ({ value, label }))}
        />
      </Space>
      <Table
        {...table}
        data-testid="wf-monitor"
        columns={[
          { title: '标题', dataIndex: 'title' },
          { title: '流程', width: 170, render: (_, r) => `${r.processName} v${r.version}` },
          { title: '发起人', dataIndex: 'initiatorName', width: 100 },
          ...instanceStateColumns,
          {
            title: '操作',
            width: 190,
            fixed: 'right',
            render: (_, r) => (
              <Space>
                <a onClick={() => setOpen(r.id)}>查看</a>
                {r.status === 'running' && <a onClick={() => act('suspend', r.id)}>挂起</a>}
                {r.status === 'suspended' && <a onClick={() => act('resume', r.id)}>恢复</a>}
                {(r.status === 'running' || r.status === 'suspended') && (
                  <Popconfirm title="终止后申请将被驳回，确定终止吗?" okText="确定" cancelText="取消" onConfirm={() => act('terminate', r.id)}>
                    <a>终止</a>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <InstanceDrawer
        id={open}
        onClose={() => setOpen(null)}
        extra={(instance, refresh) => <Reassign instance={instance} done={() => (refresh(), reload())} />}
      />
    </Card>
  );
}
