import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { CONTROL_HEADER, isLoopback, keyMatches } from '../db/backup/control.ts';
import { writeBackup } from '../db/backup/write.ts';
import { fail } from '../http/envelope.ts';
import { uploadDirOf } from '../services/uploads.ts';

/*
 * POST /internal/backup: the whole database and the uploads as one backup file (server/db/backup),
 * streamed to `npm run backup` on this machine. Not under the API base and not a user's call: it takes
 * the owner's control key (control.ts) from loopback only, and reads every table as it is, which is
 * what a backup is — no user's scope applies.
 */
export function controlRoutes(app: FastifyInstance, ctx: AppContext, key: string): void {
  app.post('/internal/backup', async (request, reply) => {
    if (!isLoopback(request.ip) || !keyMatches(request.headers[CONTROL_HEADER], key)) return reply.status(401).send(fail(401, '需要本机的控制密钥'));
    const body = new PassThrough();
    // A failure half-way cuts the stream; the file then lacks its trailer and every reader refuses it.
    writeBackup(ctx.db, ctx.dbKind, uploadDirOf(ctx.config.dataDir), body).catch((error) => {
      request.log.error(error, 'backup failed');
      body.destroy(error);
    });
    return reply.type('application/gzip').header('Cache-Control', 'no-store').send(body);
  });
}
