import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { crudRoutes } from './records.ts';
import { dictHelperRoutes } from './dict-helpers.ts';
import { helperRoutes } from './form-helpers.ts';
import { reportRoutes } from './declared-reports.ts';

/** Every route of the schema runtime: documents, generic CRUD, dictionary and form helpers. */
export function runtimeRoutes(app: FastifyInstance, ctx: AppContext) {
  helperRoutes(app, ctx);
  dictHelperRoutes(app, ctx);
  crudRoutes(app, ctx);
  reportRoutes(app, ctx);
}
