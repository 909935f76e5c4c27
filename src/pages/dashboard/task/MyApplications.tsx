import { Tag } from 'antd';
import { workflow } from '../../../runtime/workflow/provider.ts';
import { CompactList } from './CompactList.tsx';
import { useFirstPage } from './useFirstPage.ts';

const APPLICATIONS = '/workflow/applications';
const RUNNING = { status: 'running' };

/** 审批中的申请: what the user submitted that is still waiting, and at which step; 我的申请 follows them. */
export function MyApplications() {
  const page = useFirstPage(workflow.applications, RUNNING);
  return (
    <CompactList
      title="审批中的申请"
      testId="task-applications"
      total={page?.total ?? 0}
      more={APPLICATIONS}
      loading={!page}
      empty="没有审批中的申请"
      entries={(page?.records ?? []).map((a) => ({
        key: a.id,
        title: a.title,
        to: APPLICATIONS,
        description: `${a.processName} · 当前：${a.currentNodes || '—'}${a.currentAssignees ? `（${a.currentAssignees}）` : ''} · ${a.startTime}`,
        extra: <Tag color="processing">{a.statusText}</Tag>,
      }))}
    />
  );
}
