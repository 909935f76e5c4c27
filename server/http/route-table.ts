import type { FastifyInstance, RouteOptions } from 'fastify';

/*
 * Every route the server registers, as Fastify registers it (an onRoute hook, not a hand-kept list), with
 * whether it is public. The route walks of the tests read it: each route must need a login unless it
 * says it is public, and no malformed input may make any route answer 500.
 */

export interface RouteEntry {
  method: string;
  url: string;
  public: boolean;
  websocket: boolean;
}

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

export function recordRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  tables.set(app, table);
  app.addHook('onRoute', (route: RouteOptions & { websocket?: boolean }) => {
    for (const method of [route.method].flat()) {
      table.push({ method, url: route.url ?? '', public: !!(route.config as { public?: boolean } | undefined)?.public, websocket: !!route.websocket });
    }
  });
}

export const routeTableOf = (app: FastifyInstance): readonly RouteEntry[] => tables.get(app) ?? [];
