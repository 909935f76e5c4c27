import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GUEST_USERNAME, sessionOf } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { ApiError, badRequest, forbidden, notFound, ok } from '../http/envelope.ts';

/*
 * Image upload (POST /sys/common/upload, multipart field 'file') and the public static read of what was
 * stored. Only gif, jpeg and png are kept, recognised by their first bytes rather than their name or
 * declared type; each is stored under DATA_DIR/upload/{biz}/{yyyyMMdd}/ with a random name, so nothing
 * a client sends becomes a path.
 */

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const BIZ = /^[a-z0-9_]{1,32}$/i;
/** biz/yyyyMMdd/32 hex.ext: the only shape a stored path can have. */
export const STORED_PATH = /^[a-z0-9_]{1,32}\/\d{8}\/[0-9a-f]{32}\.(png|jpg|gif)$/i;

const SIGNATURES: { ext: 'png' | 'jpg' | 'gif'; type: string; test: (b: Buffer) => boolean }[] = [
  { ext: 'png', type: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'jpg', type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', type: 'image/gif', test: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
];

const TYPES: Record<string, string> = Object.fromEntries(SIGNATURES.map((s) => [s.ext, s.type]));

export const sniffImage = (bytes: Buffer) => SIGNATURES.find((s) => s.test(bytes));

function dayFolder(d = new Date()): string {
  return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
}

/** The file and the biz field of a multipart request; a file over the limit is refused with 413. */
async function readUpload(request: FastifyRequest): Promise<{ file: Buffer; biz: string }> {
  if (!request.isMultipart()) throw badRequest('请使用 multipart/form-data 上传文件');
  let file: Buffer | undefined;
  let biz = 'temp';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) throw badRequest('只能上传一个文件，字段名为 file');
        file = await part.toBuffer();
      } else if (part.fieldname === 'biz' && typeof part.value === 'string' && part.value) {
        biz = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, `文件大小不能超过${MAX_UPLOAD_BYTES / 1024 / 1024}MB`);
    throw error;
  }
  if (!file || file.length === 0) throw badRequest('请选择要上传的文件');
  if (!BIZ.test(biz)) throw badRequest('biz 只能包含字母、数字和下划线');
  return { file, biz };
}

export function uploadRoutes(app: FastifyInstance, { config }: AppContext) {
  const root = resolve(config.dataDir, 'upload');

  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 } });

    scope.post('/sys/common/upload', async (request) => {
      const { user } = sessionOf(request);
      if (user.username === GUEST_USERNAME) throw forbidden('访客不能上传文件');
      const { file, biz } = await readUpload(request);
      const kind = sniffImage(file);
      if (!kind) throw badRequest('请上传图片（仅支持 gif、jpeg、png）');
      const relative = `${biz}/${dayFolder()}/${randomBytes(16).toString('hex')}.${kind.ext}`;
      const target = resolve(root, relative);
      if (!target.startsWith(root + sep)) throw badRequest('文件路径不合法');
      mkdirSync(join(target, '..'), { recursive: true });
      writeFileSync(target, file, { flag: 'wx' });
      // JeecgBoot's contract: the stored path is the message; the client prefixes the static domain.
      return ok(relative, relative);
    });

    scope.get<{ Params: { '*': string } }>('/sys/common/static/*', { config: { public: true } }, async (request, reply) => {
      const relative = request.params['*'];
      if (!STORED_PATH.test(relative)) throw notFound('文件不存在');
      const target = resolve(root, relative);
      if (!target.startsWith(root + sep) || !existsSync(target)) throw notFound('文件不存在');
      const ext = relative.slice(relative.lastIndexOf('.') + 1).toLowerCase();
      return reply.type(TYPES[ext]).header('Cache-Control', 'private, max-age=86400').send(createReadStream(target));
    });
  });
}
