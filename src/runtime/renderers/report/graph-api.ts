import type { ChartData, DashboardGraph } from '../../../core/api-types.ts';
import { http } from '../../http/client.ts';

/* The client side of 图表报表 (server/routes/graph-reports.ts). */

export async function fetchChart(code: string, params: Record<string, unknown> = {}): Promise<ChartData> {
  return (await http.get<ChartData>(`/online/graphreport/api/getChartsData/${encodeURIComponent(code)}`, params, { silent: true })).result;
}

export async function fetchDashboardGraphs(): Promise<DashboardGraph[]> {
  return (await http.get<DashboardGraph[]>('/online/graphreport/api/dashboard', {}, { silent: true })).result ?? [];
}
