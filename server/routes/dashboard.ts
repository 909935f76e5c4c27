import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { dashboardFigures, workplaceFigures } from '../services/dashboard/index.ts';

/**
 * GET /dashboard/analysis: the home page's figures. Every signed-in user may call it (the home page is
 * everyone's); each section is checked against the permission of the records behind it.
 * GET /dashboard/workplace: 工作台's and 任务's own part — the same pending work, and the user's own recent
 * activity (their lines of the system log only).
 */
export function dashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/dashboard/analysis', async (request) => ok(await dashboardFigures(ctx, sessionOf(request))));
  app.get('/dashboard/workplace', async (request) => ok(await workplaceFigures(ctx, sessionOf(request))));
}
