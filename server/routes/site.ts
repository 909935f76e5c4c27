import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { siteInfoOf } from '../services/site-info.ts';

/** Public facts about the site for the login page (spec section 3, "Site info"); runtime-config.js carries them too. */
export function siteRoutes(app: FastifyInstance, { config }: AppContext) {
  app.get('/site/siteinfo', { config: { public: true } }, async () => ok(siteInfoOf(config)));
}
