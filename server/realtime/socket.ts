import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { type Session, TOKEN_HEADER } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { ApiError, forbidden, unauthorized } from '../http/envelope.ts';
import type { SocketHub } from './hub.ts';

/*
 * WebSocket /websocket/{userId} or /websocket/{userId}_{clientId} (spec section 7, "Real-time channel"). A browser cannot set headers on
 * the handshake, so the token comes as the `token` query parameter or as the Sec-WebSocket-Protocol
 * (the socket's "protocol", which the server then echoes back). The socket opens only for a valid
 * token of that same user; everything else is refused before the upgrade.
 */

export const HEARTBEAT = 'HeartBeat';
const HEARTBEAT_REPLY = JSON.stringify({ cmd: 'heartcheck', msgTxt: '心跳响应' });
/** A socket that answers no ping for this long is gone (the spec's heartbeat timeout is 20 s). */
const PING_EVERY_MS = 30_000;
const MAX_MESSAGE_BYTES = 4096;

/** Close code for a socket whose session has ended (4000–4999 are the application's own). */
export const SESSION_ENDED = 4001;

async function stillValid(ctx: AppContext, session: Session): Promise<boolean> {
  if (session.exp * 1000 <= Date.now()) return false;
  const [revoked, user] = await Promise.all([
    ctx.db.selectFrom('sys_token_revoked').select('jti').where('jti', '=', session.jti).executeTakeFirst(),
    ctx.db
      .selectFrom('sys_user')
      .select(['status', 'session_floor', 'session_keep'])
      .where('id', '=', session.user.id)
      .where('del_flag', '=', 0)
      .executeTakeFirst(),
  ]);
  // A password change since the socket opened ends it too (but for the session that changed it).
  const ended = (session.iat ?? 0) < Number(user?.session_floor ?? 0) && session.jti !== user?.session_keep;
  return !revoked && user?.status === 1 && !ended;
}

function protocolToken(request: FastifyRequest): string | undefined {
  const raw = request.headers['sec-websocket-protocol'];
  const first = (Array.isArray(raw) ? raw[0] : raw)?.split(',')[0]?.trim();
  return first || undefined;
}

export async function socketRoutes(app: FastifyInstance, ctx: AppContext, hub: SocketHub) {
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });

  app.get<{ Params: { userId: string } }>(
    '/websocket/:userId',
    {
      websocket: true,
      // Authenticated here rather than by the API's hook, which does not read the protocol header.
      config: { public: true },
      preValidation: async (request) => {
        const fromProtocol = protocolToken(request);
        if (!request.headers[TOKEN_HEADER] && fromProtocol) request.headers[TOKEN_HEADER] = fromProtocol;
        // A handshake has no modal to show: an ended session is simply refused (401).
        const session = await ctx.sessions.resolve(request).catch((error) => {
          throw error instanceof ApiError && error.status === 500 ? unauthorized(error.message) : error;
        });
        // JeecgBoot's vue3 client names the socket {userId}_{md5 of its token}: one socket per page and session.
        if (session.user.id !== request.params.userId.split('_')[0]) throw forbidden('不能订阅其他用户的消息');
        request.session = session;
      },
    },
    (socket: WebSocket, request) => {
      const session = request.session!;
      const userId = session.user.id;
      hub.add(userId, socket);
      let alive = true;
      socket.on('pong', () => (alive = true));
      const pinger = setInterval(() => {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
        // A socket lives longer than one request: once its token is revoked (logout), expired or its
        // user frozen, it stops hearing anything.
        void stillValid(ctx, session).then((ok) => ok || socket.close(SESSION_ENDED, 'session ended'));
      }, PING_EVERY_MS);
      socket.on('message', (data) => {
        alive = true;
        if (String(data) === HEARTBEAT) socket.send(HEARTBEAT_REPLY);
      });
      socket.on('close', () => {
        clearInterval(pinger);
        hub.remove(userId, socket);
      });
      socket.on('error', () => socket.terminate());
    },
  );
}
