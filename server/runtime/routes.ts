import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { crudRoutes } from './crud-routes.ts';
import { dictHelperRoutes } from './dict-routes.ts';
import { helperRoutes } from './helper-routes.ts';
import { reportRoutes } from './report-routes.ts';

/** Every route of the schema runtime: documents, generic CRUD, dictionary and form helpers. */
export function runtimeRoutes(app: FastifyInstance, ctx: AppContext) {
  helperRoutes(app, ctx);
  dictHelperRoutes(app, ctx);
  crudRoutes(app, ctx);
  reportRoutes(app, ctx);
}
