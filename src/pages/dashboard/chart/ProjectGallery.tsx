import { Col } from 'antd';
import { lazy, useMemo } from 'react';
import { formatMoney } from '../../../runtime/helpers/format.ts';
import { barOption, lineOption, pieOption } from '../../../runtime/renderers/report/chart-options.ts';
import type { DashboardFigures } from '../../../core/api-types.ts';
import { ChartCard } from './ChartCard.tsx';

const EChart = lazy(() => import('../../../runtime/renderers/report/EChart.tsx'));

/** The project charts (when the user may see projects) and the last seven days' visits. */
export function ProjectGallery({ projects: p, visits }: { projects: DashboardFigures['projects']; visits: DashboardFigures['visits'] }) {
  const options = useMemo(
    () => ({
      status:
        p &&
        pieOption(
          p.byStatus.filter((s) => s.count),
          { key: 'count', label: '项目数' },
        ),
      funds:
        p &&
        barOption(p.byProject, [
          { key: 'approved', label: '批准金额' },
          { key: 'disbursed', label: '已拨付金额' },
        ]),
      visits: lineOption(
        visits.map((v) => ({ ...v, text: v.type })),
        [
          { key: 'visit', label: '访问次数' },
          { key: 'ip', label: 'IP数' },
        ],
      ),
    }),
    [p, visits],
  );
  return (
    <>
      {p && options.status && (
        <Col xs={24} xl={8}>
          <ChartCard title="项目申请状态" testId="gallery-project-status" empty={!p.byStatus.some((s) => s.count)}>
            <EChart option={options.status} height={300} />
          </ChartCard>
        </Col>
      )}
      {p && options.funds && (
        <Col xs={24} xl={16}>
          <ChartCard
            title="项目资金：批准与拨付"
            testId="gallery-project-funds"
            empty={!p.byProject.length}
            extra={`批准 ${formatMoney(p.approved)} · 已拨付 ${formatMoney(p.disbursed)}`}
          >
            <EChart option={options.funds} height={300} />
          </ChartCard>
        </Col>
      )}
      <Col xs={24}>
        <ChartCard title="近7日访问" testId="gallery-visits">
          <EChart option={options.visits} height={260} />
        </ChartCard>
      </Col>
    </>
  );
}
