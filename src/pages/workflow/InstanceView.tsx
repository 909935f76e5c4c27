import { Descriptions, Tag, Timeline } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { WfInstanceDetail, WfInstanceView } from '../../core/workflow/wire.ts';
import { Diagram } from './Diagram.tsx';

/* An instance as its participants see it: who started it, where it stands, the diagram, and who did what when. */

const STATUS_COLOR: Record<string, string> = {
  running: 'processing',
  suspended: 'warning',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'default',
  terminated: 'default',
};

export const StatusTag = ({ status, text }: { status: string; text: string }) => <Tag color={STATUS_COLOR[status] ?? 'default'}>{text}</Tag>;

/** Where an instance stands, as the lists of instances (我的申请, 流程监控) show it. */
export const instanceStateColumns: ColumnsType<WfInstanceView> = [
  { title: '状态', width: 100, render: (_, r) => <StatusTag status={r.status} text={r.statusText} /> },
  { title: '当前步骤', dataIndex: 'currentNodes', width: 120 },
  { title: '当前办理人', dataIndex: 'currentAssignees', width: 120 },
  { title: '发起时间', dataIndex: 'startTime', width: 170 },
];

export function InstanceView({ instance }: { instance: WfInstanceDetail }) {
  return (
    <div data-testid="wf-instance">
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label="标题">{instance.title}</Descriptions.Item>
        <Descriptions.Item label="流程">
          {instance.processName}（第 {instance.version} 版）
        </Descriptions.Item>
        <Descriptions.Item label="发起人">{instance.initiatorName}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <StatusTag status={instance.status} text={instance.statusText} />
        </Descriptions.Item>
        <Descriptions.Item label="当前步骤">{instance.currentNodes || '—'}</Descriptions.Item>
        <Descriptions.Item label="当前办理人">{instance.currentAssignees || '—'}</Descriptions.Item>
      </Descriptions>
      <h4 style={{ margin: '16px 0 8px' }}>流程图</h4>
      <Diagram xml={instance.xml} active={instance.activeNodes} done={instance.doneNodes} height={260} />
      <h4 style={{ margin: '16px 0 8px' }}>审批记录</h4>
      <Timeline
        data-testid="wf-timeline"
        items={instance.timeline.map((e) => ({
          color: e.action === 'reject' ? 'red' : e.action === 'approve' || e.action === 'end' ? 'green' : 'blue',
          children: (
            <div>
              <div>
                <b>{e.actorName}</b> {e.actionText}
                {e.nodeName ? `【${e.nodeName}】` : ''}
                {e.target ? (e.action === 'approve' ? `（代${e.target}）` : ` → ${e.target}`) : ''}
                <span style={{ color: '#999', marginLeft: 8 }}>{e.time}</span>
              </div>
              {e.comment && <div style={{ color: '#666' }}>意见：{e.comment}</div>}
            </div>
          ),
        }))}
      />
    </div>
  );
}
