import { Alert, Card, Col, Row, Space, Spin } from 'antd';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { routeChain } from '../../runtime/layout/pages.ts';
import type { AppRoute } from '../../runtime/menu/routes.ts';
import { session } from '../../runtime/session/store.ts';
import { FigureCard } from './monitor/FigureCard.tsx';
import type { ClusterFigures as ServerFigures, DatabaseFigures, DiskFigures, RuntimeFigures, SystemFigures } from '../../core/monitor-types.ts';
import { fullestDisk, increments, memoryPercent } from '../../runtime/live/monitor-figures.ts';
import { ServerTotals } from './monitor/ServerTotals.tsx';
import { usePolling } from '../../runtime/live/usePolling.ts';
import { useSamples } from '../../runtime/live/useSamples.ts';
import './dashboard.css';

/*
 * 仪表盘 → 监控 (issue 19): the key figures of 监控中心 on one page, read every 5 seconds (disks and the
 * database, which change slowly, every 30), each with its last minutes as a small line. Without
 * monitor:view the endpoints answer 403 and the page says so once. GET /monitor/server (every process
 * sharing the database) shows only where the server has it.
 */

const SLOW_MS = 30_000;
const MONITOR_CENTER = '/monitor/index';

export default function MonitorDashboard() {
  const { routes } = useSnapshot(session);
  const runtime = usePolling<RuntimeFigures>('monitor/runtime');
  const system = usePolling<SystemFigures>('monitor/system');
  const disk = usePolling<DiskFigures>('monitor/disk', { everyMs: SLOW_MS });
  const database = usePolling<DatabaseFigures>('monitor/database', { everyMs: SLOW_MS });
  const server = usePolling<ServerFigures>('monitor/server');
  const heap = useSamples(runtime.data, (r) => r.heapUsedMb);
  const rss = useSamples(runtime.data, (r) => r.rssMb);
  const loop = useSamples(runtime.data, (r) => r.eventLoopDelayMs.p99);
  const requests = useSamples(runtime.data, (r) => r.requests);
  const cpu = useSamples(system.data, (s) => s.loadPercent);
  const memory = useSamples(system.data, memoryPercent);
  const rates = useSamples(server.data, (s) => s.total.requestsPerSecond);
  const diskUse = useSamples(disk.data, (d) => fullestDisk(d)?.usePercent ?? NaN);
  const dbSize = useSamples(database.data, (d) => d.sizeMb);

  const parts = [runtime, system, disk, database];
  if (parts.some((p) => p.status === 403)) {
    return (
      <Alert
        type="warning"
        showIcon
        data-testid="monitor-forbidden"
        message="没有查看监控的权限"
        description="监控数据需要“查看监控”（monitor:view）权限，请联系管理员授权。"
      />
    );
  }
  const errors = [...new Set(parts.filter((p) => p.error).map((p) => p.error))];
  const r = runtime.data;
  const s = system.data;
  const fullest = disk.data && fullestDisk(disk.data);
  const db = database.data;
  const linked = routeChain(routes as AppRoute[], MONITOR_CENTER).length > 0;

  return (
    <div className="dashboard" data-testid="monitor-dashboard">
      <Card size="small">
        <Space wrap>
          <span className="dashboard-sub">本进程与服务器的关键指标，每 5 秒刷新（磁盘与数据库每 30 秒），曲线为打开本页以来的读数（每项最多 60 次）。</span>
          {linked && <Link to={MONITOR_CENTER}>查看监控中心</Link>}
        </Space>
      </Card>
      {errors.length > 0 && <Alert type="error" showIcon message={`部分监控数据读取失败：${errors.join('；')}`} />}
      {!r && !runtime.error ? (
        <Spin style={{ display: 'block', margin: 40 }} />
      ) : (
        <Row gutter={[12, 12]}>
          <Col xs={24} sm={12} xl={6}>
            <FigureCard testId="figure-heap" title="堆内存已用" value={r?.heapUsedMb} suffix="MB" samples={heap} foot={r && `堆总量 ${r.heapTotalMb} MB`} />
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <FigureCard
              testId="figure-loop"
              title="事件循环延迟 p99"
              value={r?.eventLoopDelayMs.p99}
              suffix="ms"
              samples={loop}
              foot={r && `p50 ${r.eventLoopDelayMs.p50} ms · 最大 ${r.eventLoopDelayMs.max} ms`}
            />
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <FigureCard testId="figure-cpu" title="CPU 使用率" value={s?.loadPercent} suffix="%" samples={cpu} foot={s && `${s.cores} 核`} />
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <FigureCard
              testId="figure-memory"
              title="内存使用率"
              value={s ? memoryPercent(s) : undefined}
              suffix="%"
              samples={memory}
              foot={s && `${s.memoryUsedMb} / ${s.memoryTotalMb} MB`}
            />
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <FigureCard
              testId="figure-disk"
              title="最满磁盘使用率"
              value={fullest?.usePercent}
              suffix="%"
              samples={diskUse}
              foot={fullest && `${fullest.mount} · 已用 ${fullest.usedMb} / ${fullest.sizeMb} MB`}
            />
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <FigureCard
              testId="figure-database"
              title="数据库大小"
              value={db?.sizeMb}
              suffix="MB"
              samples={dbSize}
              foot={db && `${db.engine} · 连接 ${db.connections}`}
            />
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <FigureCard testId="figure-requests" title="已处理请求" value={r?.requests} samples={increments(requests)} foot="曲线：每次刷新之间的新请求数" />
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <FigureCard
              testId="figure-rss"
              title="常驻内存 (RSS)"
              value={r?.rssMb}
              suffix="MB"
              samples={rss}
              foot={r && `本进程已运行 ${Math.round(r.uptimeSeconds / 60)} 分钟`}
            />
          </Col>
        </Row>
      )}
      {server.data && <ServerTotals total={server.data.total} rates={rates} />}
    </div>
  );
}
