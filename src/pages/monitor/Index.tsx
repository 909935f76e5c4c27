import { Card, Tabs } from 'antd';
import { CacheTab } from './tabs/CacheTab.tsx';
import { DatabaseTab } from './tabs/DatabaseTab.tsx';
import { DiskTab } from './tabs/DiskTab.tsx';
import { RuntimeTab } from './tabs/RuntimeTab.tsx';
import { ServerTab } from './tabs/ServerTab.tsx';
import { SystemTab } from './tabs/SystemTab.tsx';
import { TraceTab } from './tabs/TraceTab.tsx';

/*
 * 系统监控 → 监控中心 (issue 19): the Node.js equivalents of JeecgBoot's JVM, Tomcat, Redis, server, disk
 * and http-trace screens, read live from {API_BASE}/monitor/* (permission monitor:view) and refreshed every
 * 5 seconds, each with small charts of its last minutes. Only the open tab reads (antd mounts a tab on
 * first open and keeps it; destroyOnHidden stops a hidden tab's polling).
 */
export default function MonitorCenter() {
  return (
    <Card title="监控中心" data-testid="monitor-center">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'runtime', label: '运行时监控', children: <RuntimeTab /> },
          { key: 'server', label: '服务器监控', children: <ServerTab /> },
          { key: 'system', label: '系统监控', children: <SystemTab /> },
          { key: 'disk', label: '磁盘监控', children: <DiskTab /> },
          { key: 'database', label: '数据库监控', children: <DatabaseTab /> },
          { key: 'cache', label: '缓存监控', children: <CacheTab /> },
          { key: 'trace', label: '请求追踪', children: <TraceTab /> },
        ]}
      />
    </Card>
  );
}
