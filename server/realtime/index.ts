import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { LocalBus, PostgresBus, type PushBus } from './bus.ts';
import { SocketHub } from './hub.ts';
import { socketRoutes } from './socket.ts';

/**
 * The real-time channel of one server process: its sockets, the socket route, and the bus a push goes
 * through (NOTIFY when the database is a PostgreSQL server other processes may share).
 */
export async function realtime(app: FastifyInstance, ctx: AppContext): Promise<PushBus> {
  const hub = new SocketHub();
  ctx.metrics.openSockets = () => hub.size;
  let bus: PushBus = new LocalBus(hub);
  if (ctx.dbKind === 'postgres' && ctx.config.databaseUrl) {
    const pgBus = new PostgresBus(hub, ctx.db, ctx.config.databaseUrl, app.log);
    await pgBus.start();
    bus = pgBus;
  }
  app.addHook('onClose', async () => {
    await bus.close();
    hub.closeAll();
  });
  await socketRoutes(app, ctx, hub);
  return bus;
}
