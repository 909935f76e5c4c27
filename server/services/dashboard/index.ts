import type { Session } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import { loginInfo, visitInfo } from '../loginfo.ts';
import type { DashboardFigures, WorkplaceFigures } from '../../../src/core/api-types.ts';
import { recentActivity } from './activity.ts';
import { donationFigures } from './donations.ts';
import { pendingWork } from './pending.ts';
import { projectFigures } from './projects.ts';

/*
 * Everything the analysis dashboard shows, in one read-only call. A section is null when the user may not
 * see the records behind it (the page then leaves it out); an area that does not exist yet gives zeros.
 */

export async function dashboardFigures(ctx: AppContext, session: Session, now = new Date()): Promise<DashboardFigures> {
  const { db, runtime } = ctx;
  return {
    donations: await donationFigures(db, runtime, session, now),
    projects: await projectFigures(runtime, session, await ctx.dictionaries.allItems()),
    pending: await pendingWork(runtime, session),
    loginInfo: await loginInfo(db, now),
    visits: await visitInfo(db, now),
  };
}

export async function workplaceFigures(ctx: AppContext, session: Session): Promise<WorkplaceFigures> {
  return { pending: await pendingWork(ctx.runtime, session), activity: await recentActivity(ctx.runtime, session) };
}
