import type { PendingItem, WorkplaceFigures } from '../../core/api-types.ts';
import { http } from '../../runtime/http/client.ts';
import type { ReportRow } from '../../runtime/renderers/report/api.ts';

/* GET /dashboard/analysis (server/services/dashboard): a section is null when the user may not see it. */

export interface DashboardFigures {
  donations: {
    year: number;
    amount: number;
    count: number;
    donors: number;
    monthAmount: number;
    lastMonthAmount: number;
    monthOnMonth: number | null;
    byMonth: ReportRow[];
    byActivity: ReportRow[];
    byPayMethod: ReportRow[];
  } | null;
  projects: {
    byStatus: { value: string; text: string; count: number }[];
    approved: number;
    disbursed: number;
    byProject: { text: string; approved: number; disbursed: number }[];
  } | null;
  pending: PendingItem[];
  loginInfo: { totalVisitCount: number; todayVisitCount: number; todayIp: number };
  visits: { tian: string; type: string; visit: number; ip: number }[];
}

export async function fetchDashboard(): Promise<DashboardFigures> {
  return (await http.get<DashboardFigures>('dashboard/analysis')).result;
}

/* GET /dashboard/workplace: 工作台's and 任务's part — the same pending work, and the user's own recent activity. */

export async function fetchWorkplace(): Promise<WorkplaceFigures> {
  return (await http.get<WorkplaceFigures>('dashboard/workplace')).result;
}
