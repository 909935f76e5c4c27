import { CheckSquareOutlined } from '@ant-design/icons';
import { Badge, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { notices } from '../../../runtime/notice/store.ts';
import { refreshPending, usePendingCount } from '../../../runtime/workflow/pending.ts';

export const MY_TASKS = '/workflow/tasks';

/** Pending work in the header: shown while the user has open tasks; a click opens 我的任务. */
export function HeaderPending() {
  const todo = usePendingCount();
  const { anntMsgTotal, sysMsgTotal } = useSnapshot(notices);
  const navigate = useNavigate();
  // A pushed message (an urge, a copy) may come with new work.
  useEffect(() => void refreshPending(), [anntMsgTotal, sysMsgTotal]);
  if (!todo) return null;
  return (
    <Tooltip title={`待办任务 ${todo} 项`}>
      <span className="header-action" role="button" aria-label="待办任务" data-testid="header-pending" onClick={() => navigate(MY_TASKS)}>
        <Badge count={todo} size="small">
          <CheckSquareOutlined style={{ fontSize: 16 }} />
        </Badge>
      </span>
    </Tooltip>
  );
}
