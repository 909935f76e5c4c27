import { Col, Row } from 'antd';
import { lazy, useMemo } from 'react';
import { formatMoney } from '../../runtime/helpers/format.ts';
import { barOption, lineOption, pieOption } from '../../runtime/renderers/report/chart-options.ts';
import type { DashboardFigures } from '../../core/api-types.ts';
import { ChartCard } from './chart/ChartCard.tsx';

/* The dashboard's charts; ECharts itself arrives in its own chunk after the figures are on screen. */

const EChart = lazy(() => import('../../runtime/renderers/report/EChart.tsx'));

const amount = [{ key: 'amount', label: '捐赠金额' }];

export function DashboardCharts({ figures }: { figures: DashboardFigures }) {
  const { donations: d, projects: p, visits } = figures;
  const options = useMemo(
    () => ({
      byMonth:
        d &&
        barOption(
          d.byMonth.map((r) => ({ ...r, text: r.text.slice(5) + '月' })),
          amount,
        ),
      byActivity: d && barOption(d.byActivity, amount, { horizontal: true }),
      byPayMethod: d && pieOption(d.byPayMethod, amount[0]),
      byStatus: p && pieOption(p.byStatus, { key: 'count', label: '项目数' }),
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
    [d, p, visits],
  );
  return (
    <Row gutter={[12, 12]} className="dashboard-block">
      {d && options.byMonth && (
        <Col xs={24} xl={16}>
          <ChartCard title={`${d.year}年月度捐赠`} testId="chart-by-month">
            <EChart option={options.byMonth} height={300} testId="echart-by-month" />
          </ChartCard>
        </Col>
      )}
      {d && options.byPayMethod && (
        <Col xs={24} xl={8}>
          <ChartCard title="支付方式占比" testId="chart-by-pay-method" empty={!d.byPayMethod.length}>
            <EChart option={options.byPayMethod} height={300} />
          </ChartCard>
        </Col>
      )}
      {d && options.byActivity && (
        <Col xs={24} xl={12}>
          <ChartCard title="活动筹款排行" testId="chart-by-activity" empty={!d.byActivity.length}>
            <EChart option={options.byActivity} height={320} />
          </ChartCard>
        </Col>
      )}
      {p && options.byStatus && (
        <Col xs={24} xl={12}>
          <ChartCard title="项目状态分布" testId="chart-projects" empty={!p.byStatus.some((s) => s.count)}>
            <EChart option={options.byStatus} height={320} />
          </ChartCard>
        </Col>
      )}
      {p && options.funds && (
        <Col xs={24} xl={16}>
          <ChartCard
            title="项目资金：批准与拨付"
            testId="chart-funds"
            empty={!p.byProject.length}
            extra={
              <span data-testid="funds-totals">
                批准 {formatMoney(p.approved)} · 已拨付 {formatMoney(p.disbursed)}
              </span>
            }
          >
            <EChart option={options.funds} height={300} />
          </ChartCard>
        </Col>
      )}
      <Col xs={24} xl={p ? 8 : 24}>
        <ChartCard title="近7日访问" testId="chart-visits">
          <EChart option={options.visits} height={300} />
        </ChartCard>
      </Col>
    </Row>
  );
}
