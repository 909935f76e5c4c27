import { EditOutlined, LoginOutlined } from '@ant-design/icons';
import { Card, Empty, Timeline } from 'antd';
import { Link } from 'react-router-dom';
import type { ActivityItem } from '../../../core/api-types.ts';

/** 最近动态: the user's own last sign-ins and document changes, newest first (GET /dashboard/workplace). */
export function RecentActivity({ items }: { items: readonly ActivityItem[] }) {
  return (
    <Card size="small" title="最近动态" className="dashboard-block" data-testid="workplace-activity">
      {items.length ? (
        <Timeline
          className="activity-timeline"
          items={items.map((a) => ({
            key: a.id,
            dot: a.kind === 'login' ? <LoginOutlined /> : <EditOutlined />,
            color: a.kind === 'login' ? 'gray' : 'blue',
            children: (
              <div data-testid="activity-entry">
                <span className="activity-time">{a.time}</span>
                {a.path ? <Link to={a.path}>{a.text}</Link> : <span>{a.text}</span>}
                {a.ip && <span className="dashboard-sub"> · IP {a.ip}</span>}
              </div>
            ),
          }))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无动态" />
      )}
    </Card>
  );
}
