import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FileTicket } from '../../src/core/api-types.ts';
import { GUEST_USERNAME, sessionOf } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { registerOperation } from '../engine/write/operations.ts';
import { demandFileReadable, issueTicket, purposeOf, TICKET_EXPIRED, TICKET_SECONDS } from '../services/file-tickets.ts';
import { FILE_DOC, recordUpload, removeFile } from '../services/files.ts';
import { ApiError, badRequest, forbidden, notFound, ok } from '../http/envelope.ts';
import {
  BIZ,
  claimsImage,
  fileExtension,
  MAX_UPLOAD_BYTES,
  STORED_PATH,
  sniffImage,
  storedExtension,
  storedImageType,
  storedPath,
} from '../services/uploads.ts';

/*
 * Upload (POST /sys/common/upload, multipart field 'file', fields biz/isup/jeditor) and the static read of
 * what was stored: pictures by their path, any other file against a ticket (services/file-tickets.ts) that
 * POST /sys/common/fileTicket hands to a user who may read it. Each file is stored as
 * {biz}/{yyyyMMdd}/<random>.ext (in DATA_DIR/upload or the configured bucket), so nothing a client sends
 * becomes a path; isup and jeditor only mark who uploaded.
 */

interface Upload {
  file: Buffer;
  fileName: string;
  mimetype: string;
  biz: string;
}

/** The file and the biz field of a multipart request; a file over the limit is refused with 413. */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw badRequest('请使用 multipart/form-data 上传文件');
  let upload: Omit<Upload, 'biz'> | undefined;
  let biz = 'temp';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || upload) throw badRequest('只能上传一个文件，字段名为 file');
        upload = { file: await part.toBuffer(), fileName: part.filename ?? '', mimetype: part.mimetype ?? '' };
      } else if (part.fieldname === 'biz' && typeof part.value === 'string' && part.value) {
        biz = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, `文件大小不能超过${MAX_UPLOAD_BYTES / 1024 / 1024}MB`);
    throw error;
  }
  if (!upload || upload.file.length === 0) throw badRequest('请选择要上传的文件');
  if (!BIZ.test(biz)) throw badRequest('biz 只能包含字母、数字和下划线');
  return { ...upload, biz };
}

/** The stored extension: a sniffed image kind for anything that claims to be an image, else the name's. */
function extensionOf({ file, fileName, mimetype }: Upload): string {
  if (!claimsImage(fileName, mimetype)) return fileExtension(fileName);
  const kind = sniffImage(file);
  if (!kind) throw badRequest('请上传图片（仅支持 gif、jpeg、png）');
  return kind.ext;
}

registerOperation(FILE_DOC, 'remove', async ({ ctx, session, id }) => ({ message: await removeFile(ctx, session, id) }));

export function uploadRoutes(app: FastifyInstance, ctx: AppContext) {
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 } });

    scope.post('/sys/common/upload', async (request) => {
      const session = sessionOf(request);
      if (session.user.username === GUEST_USERNAME) throw forbidden('访客不能上传文件');
      const upload = await readUpload(request);
      const relative = storedPath(upload.biz, extensionOf(upload));
      await ctx.files.put(relative, upload.file, storedImageType(relative) ?? 'application/octet-stream');
      try {
        await recordUpload(ctx, session, { path: relative, fileName: upload.fileName, size: upload.file.length, type: upload.mimetype, biz: upload.biz });
      } catch (error) {
        await ctx.files.remove(relative); // an upload without its index row would be invisible to 文件管理
        throw error;
      }
      // The uploaded-file response of spec section 3: code 0 and the stored path as the message; the client prefixes the static domain.
      return { success: true, message: relative, code: 0, result: relative, timestamp: Date.now() };
    });

    scope.post<{ Body: { path?: unknown; purpose?: unknown } }>('/sys/common/fileTicket', async (request) => {
      const { path, purpose } = request.body ?? {};
      if (typeof path !== 'string' || !STORED_PATH.test(path)) throw notFound('文件不存在');
      if (purpose !== 'download' && purpose !== 'preview') throw badRequest('purpose 只能是 download 或 preview');
      await demandFileReadable(ctx, sessionOf(request), path);
      return ok<FileTicket>({ ticket: issueTicket(ctx.config.jwtSecret, path, purpose), expiresIn: TICKET_SECONDS });
    });

    scope.get<{ Params: { '*': string }; Querystring: { ticket?: string } }>('/sys/common/static/*', { config: { public: true } }, async (request, reply) => {
      const relative = request.params['*'];
      if (!STORED_PATH.test(relative)) throw notFound('文件不存在');
      const type = storedImageType(relative);
      const purpose = type ? undefined : purposeOf(ctx.config.jwtSecret, relative, request.query.ticket);
      if (!type && !purpose) throw forbidden(TICKET_EXPIRED);
      const stream = await ctx.files.get(relative);
      if (!stream) throw notFound('文件不存在');
      // A ticket's address must not outlive it in a shared cache; a picture's may be kept a day.
      reply.header('Cache-Control', type ? 'private, max-age=86400' : 'private, no-store').header('X-Content-Type-Options', 'nosniff');
      if (type) return reply.type(type).send(stream);
      // A PDF previewed opens in the browser's viewer: typed as a PDF (never sniffed), it cannot run as a page.
      if (storedExtension(relative) === 'pdf' && purpose === 'preview') reply.type('application/pdf').header('Content-Disposition', 'inline');
      // Anything else is handed over as a download, so a stored page or script never runs in our origin.
      else reply.type('application/octet-stream').header('Content-Disposition', 'attachment');
      return reply.send(stream);
    });
  });
}
