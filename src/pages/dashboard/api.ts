import type { DashboardFigures, WorkplaceFigures } from '../../core/api-types.ts';
import { http } from '../../runtime/http/client.ts';

/* GET /dashboard/analysis (server/services/dashboard): a section is null when the user may not see it. */

export async function fetchDashboard(): Promise<DashboardFigures> {
  return (await http.get<DashboardFigures>('dashboard/analysis')).result;
}

/* GET /dashboard/workplace: 工作台's and 任务's part — the same pending work, and the user's own recent activity. */

export async function fetchWorkplace(): Promise<WorkplaceFigures> {
  return (await http.get<WorkplaceFigures>('dashboard/workplace')).result;
}
