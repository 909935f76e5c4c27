import { Badge, Card, Drawer, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { workflow } from '../../runtime/workflow/provider.ts';
import { announcePendingChange, usePendingCount } from '../../runtime/workflow/pending.ts';
import { TaskPanel } from './TaskPanel.tsx';
import { usePaged } from './usePaged.ts';

/* 流程中心 → 我的任务: the open tasks the user may act on (their own, offered to them, entrusted to them), and those they have handled. */

function Todo() {
  const { table, reload } = usePaged(workflow.tasks);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <>
      <Table
        {...table}
        data-testid="wf-todo"
        columns={[
          { title: '标题', dataIndex: 'title' },
          { title: '流程', dataIndex: 'processName', width: 160 },
          { title: '当前步骤', dataIndex: 'nodeName', width: 120 },
          { title: '发起人', dataIndex: 'initiatorName', width: 100 },
          {
            title: '说明',
            width: 140,
            render: (_, r) => (
              <>
                {r.claimable && <Tag color="orange">待签收</Tag>}
                {r.entrustedBy && <Tag color="purple">委托自{r.entrustedBy}</Tag>}
                {r.instanceStatus === 'suspended' && <Tag>已挂起</Tag>}
              </>
            ),
          },
          { title: '到达时间', dataIndex: 'createTime', width: 170 },
          { title: '操作', width: 90, fixed: 'right', render: (_, r) => <a onClick={() => setOpen(r.id)}>办理</a> },
        ]}
      />
      <Drawer open={!!open} width={920} title="办理任务" onClose={() => setOpen(null)} destroyOnHidden>
        {open && (
          <TaskPanel
            taskId={open}
            onDone={() => {
              setOpen(null);
              reload();
              announcePendingChange();
            }}
          />
        )}
      </Drawer>
    </>
  );
}

function Done() {
  const { table } = usePaged(workflow.doneTasks);
  return (
    <Table
      {...table}
      columns={[
        { title: '标题', dataIndex: 'title' },
        { title: '步骤', dataIndex: 'nodeName', width: 120 },
        { title: '结果', dataIndex: 'outcome', width: 80 },
        { title: '意见', dataIndex: 'comment' },
        { title: '办理时间', dataIndex: 'endTime', width: 170 },
      ]}
    />
  );
}

export default function Tasks() {
  const todo = usePendingCount();
  return (
    <Card bordered={false}>
      <Tabs
        items={[
          {
            key: 'todo',
            label: (
              <Badge count={todo} offset={[10, 0]}>
                待办任务
              </Badge>
            ),
            children: <Todo />,
          },
          { key: 'done', label: '已办任务', children: <Done /> },
        ]}
      />
    </Card>
  );
}
