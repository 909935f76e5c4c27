import { DownloadOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Col, DatePicker, Row, Space, Spin, Statistic, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { formatMoney } from '../../helpers/format.ts';
import { downloadFile } from '../list/download.ts';
import { fetchReport, type ReportGroup, type ReportMeasureInfo, type ReportResult, reportPath } from './api.ts';
import { dimensionOption } from './chart-options.ts';

/*
 * The screen of a declared report (document.reports): a date range, the totals, and per dimension its
 * declared chart beside a table of the groups; 导出 downloads the same figures as a workbook. Nothing
 * here is specific to donations: the server's answer names the measures and the dimensions.
 */

const EChart = lazy(() => import('./EChart.tsx'));

type Range = [Dayjs, Dayjs];
const thisYear = (): Range => [dayjs().startOf('year'), dayjs()];
const toParams = ([b, e]: Range) => ({ begin: b.format('YYYY-MM-DD'), end: e.format('YYYY-MM-DD') });

export const measureText = (m: ReportMeasureInfo, v: unknown) => (m.render === 'money' ? formatMoney(v) : String(v ?? 0));

function GroupCard({ group, measures }: { group: ReportGroup; measures: ReportMeasureInfo[] }) {
  const option = useMemo(() => dimensionOption(group.chart, group.rows, measures[0]), [group, measures]);
  const columns = [
    { title: group.label.replace(/^按/, ''), dataIndex: 'text', key: 'text' },
    ...measures.map((m) => ({ title: m.label, dataIndex: m.key, key: m.key, align: 'right' as const, render: (v: unknown) => measureText(m, v) })),
  ];
  return (
    <Card title={group.label} size="small" data-testid={`report-group-${group.key}`}>
      {option && (
        <Suspense fallback={<Spin />}>
          <EChart option={option} height={260} testId={`report-chart-${group.key}`} />
        </Suspense>
      )}
      <Table
        size="small"
        rowKey={(r) => r.value ?? ''}
        dataSource={group.rows}
        columns={columns}
        pagination={group.rows.length > 12 ? { pageSize: 12, size: 'small' } : false}
      />
    </Card>
  );
}

export function ReportPage({ docCode, report }: { docCode: string; report: string }) {
  const { message } = App.useApp();
  const [range, setRange] = useState<Range>(thisYear);
  const [result, setResult] = useState<ReportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(
    async (r: Range) => {
      setLoading(true);
      try {
        setResult(await fetchReport(docCode, report, toParams(r)));
        setError(null);
      } catch (e) {
        setError((e as Error).message);
      } finally {
        setLoading(false);
      }
    },
    [docCode, report],
  );

  useEffect(() => {
    void load(thisYear());
  }, [load]);

  const exportXls = async () => {
    try {
      await downloadFile(`${reportPath(docCode, report)}/exportXls`, toParams(range), `${result?.title ?? '报表'}.xlsx`);
    } catch (e) {
      message.error((e as Error).message);
    }
  };

  return (
    <div className="report-page" data-testid="report-page">
      <Card size="small" style={{ marginBottom: 12 }}>
        <Space wrap>
          <span>统计区间：</span>
          <span data-testid="report-range">
            <DatePicker.RangePicker value={range} allowClear={false} onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])} />
          </span>
          <Button type="primary" icon={<SearchOutlined />} onClick={() => load(range)}>
            查询
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              setRange(thisYear());
              void load(thisYear());
            }}
          >
            重置
          </Button>
          <Button icon={<DownloadOutlined />} onClick={exportXls}>
            导出
          </Button>
        </Space>
      </Card>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} data-testid="report-error" />}
      <Spin spinning={loading}>
        {result && (
          <>
            <Card size="small" title={`${result.title}（${result.begin} 至 ${result.end}）`} style={{ marginBottom: 12 }}>
              <Row gutter={16}>
                {result.measures.map((m) => (
                  <Col key={m.key} xs={24} sm={8}>
                    <Statistic title={m.label} value={measureText(m, result.totals[m.key])} data-testid={`report-total-${m.key}`} />
                  </Col>
                ))}
              </Row>
            </Card>
            <Row gutter={[12, 12]}>
              {result.groups.map((g) => (
                <Col key={g.key} xs={24} xl={g.chart === 'pie' ? 12 : 24}>
                  <GroupCard group={g} measures={result.measures} />
                </Col>
              ))}
            </Row>
          </>
        )}
      </Spin>
    </div>
  );
}
