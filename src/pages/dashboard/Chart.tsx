import { Alert, Col, Row, Spin } from 'antd';
import { DonationGallery } from './chart/DonationGallery.tsx';
import { ProjectGallery } from './chart/ProjectGallery.tsx';
import { useGalleryData } from './chart/useGalleryData.ts';
import { GraphBlock } from './DashboardGraphs.tsx';
import './dashboard.css';

/*
 * 仪表盘 → 图表: a gallery of charts over the live figures — donations, projects, visits (each only where
 * the user may see the records behind it) — and the chart reports this user may read. ECharts loads in
 * its own chunk, as on the home page.
 */
export default function ChartGallery() {
  const { data, error, graphs } = useGalleryData();
  if (error) return <Alert type="error" showIcon message={error} />;
  if (!data) return <Spin style={{ display: 'block', margin: 40 }} />;
  const { figures, thisYear, lastYear } = data;
  return (
    <Row gutter={[12, 12]} data-testid="chart-gallery">
      {figures.donations && <DonationGallery donations={figures.donations} thisYear={thisYear} lastYear={lastYear} />}
      <ProjectGallery projects={figures.projects} visits={figures.visits} />
      {graphs.map((g) => (
        <Col key={g.code} xs={24} xl={12}>
          <GraphBlock graph={g} />
        </Col>
      ))}
    </Row>
  );
}
