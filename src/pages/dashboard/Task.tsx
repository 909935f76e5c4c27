import { Col, Row } from 'antd';
import { MyApplications } from './task/MyApplications.tsx';
import { ReviewWork } from './task/ReviewWork.tsx';
import { UnreadNotices } from './task/UnreadNotices.tsx';
import { WorkflowTodo } from './task/WorkflowTodo.tsx';
import './dashboard.css';

/** 仪表盘 → 任务: everything waiting for the user, each block linked to the screen that handles it. */
export default function Task() {
  return (
    <Row gutter={[12, 12]} data-testid="task-dashboard">
      <Col xs={24} xl={12}>
        <WorkflowTodo />
      </Col>
      <Col xs={24} xl={12}>
        <ReviewWork />
      </Col>
      <Col xs={24} xl={12}>
        <MyApplications />
      </Col>
      <Col xs={24} xl={12}>
        <UnreadNotices />
      </Col>
    </Row>
  );
}
