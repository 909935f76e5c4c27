import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { dashboardFigures } from '../services/dashboard/index.ts';

/**
 * GET /dashboard/analysis: the home page's figures. Every signed-in user may call it (the home page is
 * everyone's); each section is checked against the permission of the records behind it.
 */
export function dashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/dashboard/analysis', async (request) => ok(await dashboardFigures(ctx, sessionOf(request))));
}
