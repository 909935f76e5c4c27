import { act, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../test-kit/render.tsx';
import { fakeServer, refusal } from '../../../test-kit/server.ts';
import MonitorDashboard from '../Monitor.tsx';

/* 仪表盘 → 监控: the key figures from {API}/monitor/*, one warning without monitor:view, the process total only where the server has it. */

const FIGURES = {
  'GET /monitor/runtime': () => ({
    heapUsedMb: 81.7,
    heapTotalMb: 129.5,
    rssMb: 600,
    eventLoopDelayMs: { p50: 20, p99: 42.5, max: 90 },
    requests: 223,
    uptimeSeconds: 120,
  }),
  'GET /monitor/system': () => ({ loadPercent: 12.5, memoryTotalMb: 8000, memoryUsedMb: 2000, cores: 4 }),
  'GET /monitor/disk': () => ({
    dataDirMb: 10,
    filesystems: [
      { mount: '/', usePercent: 40, sizeMb: 1000, usedMb: 400 },
      { mount: '/data', usePercent: 91.5, sizeMb: 2000, usedMb: 1830 },
    ],
  }),
  'GET /monitor/database': () => ({ engine: 'PostgreSQL', sizeMb: 14.9, connections: 3 }),
};

const show = () => renderUi(<MemoryRouter>{<MonitorDashboard />}</MemoryRouter>);

describe('monitor dashboard', () => {
  afterEach(() => vi.useRealTimers());

  it('shows heap, event loop, CPU, memory, the fullest disk, the database and requests; no process total where /monitor/server is absent (404), and stops asking it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeServer(FIGURES);
    show();
    expect(await screen.findByTestId('figure-heap')).toHaveTextContent('81.7MB');
    expect(screen.getByTestId('figure-loop')).toHaveTextContent('42.5ms');
    expect(await screen.findByTestId('figure-memory')).toHaveTextContent('25%');
    expect(await screen.findByText('/data · 已用 1830 / 2000 MB')).toBeInTheDocument();
    expect(screen.getByTestId('figure-disk')).toHaveTextContent('91.5%');
    expect(await screen.findByText('PostgreSQL · 连接 3')).toBeInTheDocument();
    expect(screen.getByTestId('figure-requests')).toHaveTextContent('223');
    expect(screen.queryByTestId('monitor-server')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    // The next round, 5 s on: the figures are read again, the absent endpoint is not.
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(server.sentTo('GET /monitor/runtime')).toHaveLength(2));
    expect(server.sentTo('GET /monitor/server')).toHaveLength(1);
  });

  it('shows the total of the processes sharing the database where the server has it', async () => {
    fakeServer({
      ...FIGURES,
      'GET /monitor/server': () => ({ total: { processes: 2, requestsPerSecond: 7.61, errorRate: 0.0125, openConnections: 9, websockets: 1 } }),
    });
    show();
    const total = await screen.findByTestId('monitor-server');
    expect(total).toHaveTextContent('进程数2');
    expect(total).toHaveTextContent('7.61');
    expect(total).toHaveTextContent('1.25%');
  });

  it('says once that monitor:view is missing when the endpoints answer 403, and shows no figures', async () => {
    const forbidden = () => refusal('缺少权限：monitor:view', 403);
    fakeServer(Object.fromEntries([...Object.keys(FIGURES), 'GET /monitor/server'].map((route) => [route, forbidden])));
    show();
    expect(await screen.findByTestId('monitor-forbidden')).toHaveTextContent('没有查看监控的权限');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByTestId('figure-heap')).toBeNull();
  });
});
