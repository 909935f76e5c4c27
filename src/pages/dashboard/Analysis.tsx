import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Alert, Card, Col, Row, Spin, Statistic } from 'antd';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { formatMoney } from '../../runtime/helpers/format.ts';
import { greeting } from '../../runtime/helpers/greeting.ts';
import { session } from '../../runtime/session/store.ts';
import type { DashboardFigures } from '../../core/api-types.ts';
import { fetchDashboard } from './api.ts';
import { DashboardCharts } from './DashboardCharts.tsx';
import { DashboardGraphs } from './DashboardGraphs.tsx';
import { PendingWork } from './PendingWork.tsx';
import './dashboard.css';

/** The home page: this year's donations, pending work, projects and visits, from GET /dashboard/analysis. */
export default function Analysis() {
  const { userInfo } = useSnapshot(session);
  const [figures, setFigures] = useState<DashboardFigures | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    fetchDashboard().then(setFigures, (e: Error) => setError(e.message));
  }, []);

  const d = figures?.donations;
  const mom = d?.monthOnMonth;
  return (
    <div className="dashboard" data-testid="dashboard">
      <Card size="small" className="dashboard-welcome">
        <h2 className="welcome-line">
          {greeting()}，{userInfo?.realname}，欢迎使用希望工程后台管理系统
        </h2>
        <span className="dashboard-sub">当前部门：{userInfo?.orgCodeTxt ?? '未设置部门'}</span>
      </Card>
      {error && <Alert type="error" showIcon message={error} />}
      {!figures && !error && <Spin style={{ display: 'block', margin: 40 }} />}
      {figures && (
        <>
          <Row gutter={[12, 12]}>
            {d && (
              <>
                <Col xs={24} sm={12} xl={6}>
                  <Card size="small" data-testid="stat-amount">
                    <Statistic title={`${d.year}年捐赠总额（元）`} value={formatMoney(d.amount)} />
                    <div className="dashboard-foot">
                      本月 {formatMoney(d.monthAmount)} · 环比{' '}
                      {mom === null || mom === undefined ? (
                        <span>—</span>
                      ) : (
                        <span className={mom >= 0 ? 'up' : 'down'} data-testid="stat-mom">
                          {mom >= 0 ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {Math.abs(mom * 100).toFixed(1)}%
                        </span>
                      )}
                    </div>
                  </Card>
                </Col>
                <Col xs={24} sm={12} xl={6}>
                  <Card size="small" data-testid="stat-count">
                    <Statistic title={`${d.year}年捐赠笔数`} value={d.count} />
                    <div className="dashboard-foot">已支付的捐赠记录</div>
                  </Card>
                </Col>
                <Col xs={24} sm={12} xl={6}>
                  <Card size="small" data-testid="stat-donors">
                    <Statistic title={`${d.year}年捐赠人数`} value={d.donors} />
                    <div className="dashboard-foot">按捐赠人姓名去重</div>
                  </Card>
                </Col>
              </>
            )}
            <Col xs={24} sm={12} xl={6}>
              <Card size="small" data-testid="stat-visits">
                <Statistic title="今日访问" value={figures.loginInfo.todayVisitCount} />
                <div className="dashboard-foot">
                  今日IP {figures.loginInfo.todayIp} · 总访问量 {figures.loginInfo.totalVisitCount}
                </div>
              </Card>
            </Col>
          </Row>
          <PendingWork items={figures.pending} />
          <DashboardCharts figures={figures} />
          <DashboardGraphs />
        </>
      )}
    </div>
  );
}
