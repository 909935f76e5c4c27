import { expect, test } from './fixtures.ts';
import { shot, signIn } from './helpers.ts';

/* 系统监控 → 监控中心: each tab shows live figures; the runtime tab's charts grow as it refreshes. */

test('admin reads the runtime, system, disk, database and request-trace figures in 监控中心', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  await page.getByRole('menuitem', { name: /系统监控/ }).click();
  await page.getByRole('menuitem', { name: /监控中心/ }).click();
  const center = page.getByTestId('monitor-center');
  await expect(center.getByTestId('runtime-figures')).toContainText('Node.js');
  await expect(center.getByTestId('runtime-figures')).toContainText('MB');
  // Refreshed every 5 s: a second sample arrives.
  await expect(center.getByTestId('trend-堆内存 MB')).toContainText('最近 2 次', { timeout: 15_000 });
  await shot(page, 'monitor-runtime');

  await center.getByRole('tab', { name: '服务器监控' }).click();
  // This server's own heartbeat row, marked as the process answering.
  await expect(center.getByTestId('server-processes')).toContainText('本进程');
  await expect(center.getByTestId('server-total')).toContainText('在线进程');
  await shot(page, 'monitor-server');
  await center.getByRole('tab', { name: '系统监控' }).click();
  await expect(center.getByTestId('system-figures')).toContainText('核');
  await expect(center.getByTestId('system-figures')).toContainText(/进程共 \d+ 个/);
  await center.getByRole('tab', { name: '磁盘监控' }).click();
  await expect(center.getByTestId('data-dir-size')).toContainText('数据目录');
  await center.getByRole('tab', { name: '数据库监控' }).click();
  await expect(center.getByTestId('database-figures')).toContainText('PostgreSQL');
  await expect(center.getByTestId('slow-statements')).toContainText('慢语句');
  await shot(page, 'monitor-database');
  await center.getByRole('tab', { name: '缓存监控' }).click();
  // The grant cache has served every request of this session by now.
  await expect(center.getByTestId('cache-table')).toContainText('权限');
  await shot(page, 'monitor-cache');
  await center.getByRole('tab', { name: '请求追踪' }).click();
  await expect(center.getByTestId('trace-table')).toContainText('/hope-boot/monitor/');
  await shot(page, 'monitor-trace');
});
