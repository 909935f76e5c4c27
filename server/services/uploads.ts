import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

/*
 * What an upload may be stored as. The stored name never comes from the client: only a short
 * alphanumeric extension survives, and anything that claims to be an image (by type or name) must
 * carry the bytes of a gif, jpeg or png, so a script cannot be slipped in as a picture.
 */

/** Where the uploads of an install live (backed up and restored with the database). */
export const uploadDirOf = (dataDir: string) => resolve(dataDir, 'upload');

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const BIZ = /^[a-z0-9_]{1,32}$/i;
/** biz/yyyyMMdd/32 hex.ext: the only shape a stored path can have. */
export const STORED_PATH = /^[a-z0-9_]{1,32}\/\d{8}\/[0-9a-f]{32}\.[a-z0-9]{1,10}$/i;

type ImageExt = 'png' | 'jpg' | 'gif';
const SIGNATURES: { ext: ImageExt; type: string; test: (b: Buffer) => boolean }[] = [
  { ext: 'png', type: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'jpg', type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', type: 'image/gif', test: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
];

export const IMAGE_TYPES: Record<string, string> = Object.fromEntries(SIGNATURES.map((s) => [s.ext, s.type]));

/** A stored path's extension, lower case ('png', 'pdf'). */
export const storedExtension = (path: string) => path.slice(path.lastIndexOf('.') + 1).toLowerCase();
/** The image type a stored path was sniffed as, if it is an image. */
export const storedImageType = (path: string): string | undefined => IMAGE_TYPES[storedExtension(path)];

export const sniffImage = (bytes: Buffer) => SIGNATURES.find((s) => s.test(bytes));

const IMAGE_NAME = /\.(png|jpe?g|gif|bmp|webp|svg|ico|tiff?)$/i;

/** A declared image type or an image-looking name makes the upload an image upload. */
export const claimsImage = (fileName: string, mimetype: string) => mimetype.toLowerCase().startsWith('image/') || IMAGE_NAME.test(fileName);

/** The kept extension of an ordinary file: short and alphanumeric, or 'bin'. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const ext = dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]{1,10}$/.test(ext) ? ext : 'bin';
}

export function dayFolder(d = new Date()): string {
  return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
}

export const storedPath = (biz: string, ext: string, d = new Date()) => `${biz}/${dayFolder(d)}/${randomBytes(16).toString('hex')}.${ext}`;

/** The uploads under `uploadDir` that have the shape the server stores (biz/yyyyMMdd/<hex>.ext), sorted. */
export function uploadedFiles(uploadDir: string): string[] {
  if (!existsSync(uploadDir)) return [];
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        const path = relative(uploadDir, full).split(sep).join('/');
        if (STORED_PATH.test(path)) found.push(path);
      }
    }
  };
  walk(uploadDir);
  return found.sort();
}
