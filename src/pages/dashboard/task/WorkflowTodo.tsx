import { Tag } from 'antd';
import { workflow } from '../../../runtime/workflow/provider.ts';
import { CompactList } from './CompactList.tsx';
import { useFirstPage } from './useFirstPage.ts';

const TASKS = '/workflow/tasks';

/** 待办任务: the workflow tasks waiting for the user (their own, offered to them, entrusted to them); 我的任务 handles them. */
export function WorkflowTodo() {
  const page = useFirstPage(workflow.tasks);
  return (
    <CompactList
      title="待办任务"
      testId="task-todo"
      total={page?.total ?? 0}
      more={TASKS}
      loading={!page}
      empty="没有待办的流程任务"
      entries={(page?.records ?? []).map((t) => ({
        key: t.id,
        title: t.title,
        to: TASKS,
        description: `${t.processName} · ${t.nodeName} · 发起人 ${t.initiatorName} · ${t.createTime}`,
        extra: t.claimable ? <Tag color="orange">待签收</Tag> : t.entrustedBy ? <Tag color="purple">委托自{t.entrustedBy}</Tag> : undefined,
      }))}
    />
  );
}
