import { Col } from 'antd';
import { lazy, useMemo } from 'react';
import { barOption, pieOption } from '../../../runtime/renderers/report/chart-options.ts';
import type { ReportResult } from '../../../runtime/renderers/report/api.ts';
import type { DashboardFigures } from '../../../core/api-types.ts';
import { ChartCard } from './ChartCard.tsx';
import { topRows, yearOverYearOption } from './gallery-options.ts';

const EChart = lazy(() => import('../../../runtime/renderers/report/EChart.tsx'));

const AMOUNT = { key: 'amount', label: '捐赠金额' };
const TOP = 10;
const rowsOf = (report: ReportResult | null, key: string) => report?.groups.find((g) => g.key === key)?.rows ?? [];

/**
 * The donation charts: the year against the last by month, donor types (pay methods where the user may
 * not read 捐赠报表), gifts and donors by month, the teams and the activities.
 */
export function DonationGallery({
  donations: d,
  thisYear,
  lastYear,
}: {
  donations: NonNullable<DashboardFigures['donations']>;
  thisYear: ReportResult | null;
  lastYear: ReportResult | null;
}) {
  const { share, teams, options } = useMemo(() => {
    const now = new Date();
    const through = d.year === now.getFullYear() ? now.getMonth() + 1 : 12;
    const share = thisYear ? { title: '捐赠人类型（金额）', rows: rowsOf(thisYear, 'donorType') } : { title: '支付方式（金额）', rows: d.byPayMethod };
    const teams = topRows(rowsOf(thisYear, 'team'), AMOUNT.key, TOP);
    const months = rowsOf(thisYear, 'month').map((r) => ({ ...r, text: `${Number(String(r.value).slice(5, 7))}月` }));
    const options = {
      trend: yearOverYearOption(d.byMonth, lastYear ? rowsOf(lastYear, 'month') : null, d.year, through),
      share: pieOption(share.rows, AMOUNT),
      counts: barOption(months, [
        { key: 'count', label: '捐赠笔数' },
        { key: 'donors', label: '捐赠人数' },
      ]),
      teams: barOption(teams, [AMOUNT]),
      activities: barOption(d.byActivity, [AMOUNT], { horizontal: true }),
    };
    return { share, teams, options };
  }, [d, thisYear, lastYear]);
  return (
    <>
      <Col xs={24} xl={16}>
        <ChartCard title={lastYear ? `月度捐赠金额：${d.year}年与${d.year - 1}年` : `${d.year}年月度捐赠金额`} testId="gallery-trend">
          <EChart option={options.trend} height={300} testId="echart-gallery-trend" />
        </ChartCard>
      </Col>
      <Col xs={24} xl={8}>
        <ChartCard title={share.title} testId="gallery-share" empty={!share.rows.length}>
          <EChart option={options.share} height={300} />
        </ChartCard>
      </Col>
      {thisYear && (
        <Col xs={24} xl={12}>
          <ChartCard title={`${d.year}年每月捐赠笔数与人数`} testId="gallery-counts">
            <EChart option={options.counts} height={300} />
          </ChartCard>
        </Col>
      )}
      {thisYear && (
        <Col xs={24} xl={12}>
          <ChartCard title={`团队筹款前${TOP}名`} testId="gallery-teams" empty={!teams.length}>
            <EChart option={options.teams} height={300} />
          </ChartCard>
        </Col>
      )}
      <Col xs={24}>
        <ChartCard title="活动筹款排行" testId="gallery-activities" empty={!d.byActivity.length}>
          <EChart option={options.activities} height={320} />
        </ChartCard>
      </Col>
    </>
  );
}
