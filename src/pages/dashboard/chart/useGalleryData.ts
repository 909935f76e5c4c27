import { useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { DashboardGraph } from '../../../core/api-types.ts';
import type { AppRoute } from '../../../runtime/menu/routes.ts';
import { fetchReport, type ReportResult } from '../../../runtime/renderers/report/api.ts';
import { fetchDashboardGraphs } from '../../../runtime/renderers/report/graph-api.ts';
import { session } from '../../../runtime/session/store.ts';
import type { DashboardFigures } from '../../../core/api-types.ts';
import { fetchDashboard } from '../api.ts';

/*
 * What the chart gallery draws, all live: the analysis figures (this year's donations, projects, visits),
 * 捐赠报表 for this year's months, donor types and teams and for last year's months (left out when the user may
 * not read the report), and the chart reports this user may read — those published as screens of their
 * menu and those marked for the home page.
 */

export interface GalleryData {
  figures: DashboardFigures;
  thisYear: ReportResult | null;
  lastYear: ReportResult | null;
}

const DONATION_REPORT = ['donation/record', 'summary'] as const;
const yearRange = (y: number) => ({ begin: `${y}-01-01`, end: `${y}-12-31` });

async function loadGallery(): Promise<GalleryData> {
  const figures = await fetchDashboard();
  if (!figures.donations) return { figures, thisYear: null, lastYear: null };
  const year = figures.donations.year;
  const [thisYear, lastYear] = await Promise.all([
    fetchReport(...DONATION_REPORT, yearRange(year), ['month', 'donorType', 'team']).catch(() => null),
    fetchReport(...DONATION_REPORT, yearRange(year - 1), ['month']).catch(() => null),
  ]);
  return { figures, thisYear, lastYear };
}

/** The chart reports published in the user's menu (component 'graphreport/{code}'), named by their entries. */
function publishedGraphs(routes: readonly AppRoute[]): DashboardGraph[] {
  return routes.flatMap((r) => [
    ...(r.component.startsWith('graphreport/') ? [{ code: r.component.slice('graphreport/'.length), name: r.meta.title }] : []),
    ...publishedGraphs(r.children ?? []),
  ]);
}

export function useGalleryData() {
  const { routes } = useSnapshot(session);
  const [data, setData] = useState<GalleryData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [homeGraphs, setHomeGraphs] = useState<DashboardGraph[]>([]);
  useEffect(() => {
    loadGallery().then(setData, (e: Error) => setError(e.message));
    // Extras: a failure to list them leaves the rest of the gallery as it is.
    fetchDashboardGraphs().then(setHomeGraphs, () => setHomeGraphs([]));
  }, []);
  const graphs = useMemo(() => {
    const all = [...publishedGraphs(routes as AppRoute[]), ...homeGraphs];
    return all.filter((g, i) => all.findIndex((o) => o.code === g.code) === i);
  }, [routes, homeGraphs]);
  return { data, error, graphs };
}
