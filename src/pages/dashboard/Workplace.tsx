import { Alert, Col, Row, Spin } from 'antd';
import { useEffect, useState } from 'react';
import type { WorkplaceFigures } from '../../core/api-types.ts';
import { fetchWorkplace } from './api.ts';
import { PendingWork } from './PendingWork.tsx';
import { RecentActivity } from './workplace/RecentActivity.tsx';
import { RecentNotices } from './workplace/RecentNotices.tsx';
import { Shortcuts } from './workplace/Shortcuts.tsx';
import { WelcomeCard } from './workplace/WelcomeCard.tsx';
import './dashboard.css';

/** 仪表盘 → 工作台: the user's own start page — greeting, shortcuts, pending work, announcements, recent activity. */
export default function Workplace() {
  const [figures, setFigures] = useState<WorkplaceFigures | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    fetchWorkplace().then(setFigures, (e: Error) => setError(e.message));
  }, []);
  return (
    <div className="dashboard" data-testid="workplace">
      <WelcomeCard />
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={16} className="dashboard-column">
          <Shortcuts />
          {error && <Alert type="error" showIcon message={error} />}
          {!figures && !error && <Spin style={{ display: 'block', margin: 24 }} />}
          {figures && <PendingWork items={figures.pending} />}
          {figures && <RecentActivity items={figures.activity} />}
        </Col>
        <Col xs={24} xl={8} className="dashboard-column">
          <RecentNotices />
        </Col>
      </Row>
    </div>
  );
}
