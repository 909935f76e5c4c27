import { Badge, Card, Col, Row } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { DashboardFigures } from '../../core/api-types.ts';

/** The pending-work counts, each opening its list (an area not built yet shows 0 and no link). */
export function PendingWork({ items }: { items: DashboardFigures['pending'] }) {
  const navigate = useNavigate();
  if (!items.length) return null;
  return (
    <Card size="small" title="待办事项" className="dashboard-block">
      <Row gutter={[12, 12]}>
        {items.map((item) => (
          <Col key={item.key} xs={12} md={6}>
            <button
              type="button"
              className="pending-item"
              disabled={!item.path}
              data-testid={`pending-${item.key}`}
              onClick={() => item.path && navigate(item.path)}
              title={item.path ? `打开${item.title}列表` : '该功能尚未启用'}
            >
              <Badge count={item.count} showZero overflowCount={9999} color={item.count ? '#fa541c' : '#bfbfbf'} />
              <span className="pending-title">{item.title}</span>
            </button>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
