import { createReadStream, existsSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { ServerConfig } from '../config.ts';
import { STORED_PATH, uploadDirOf, uploadedFiles } from './uploads.ts';

/*
 * Where uploaded bytes live, by stored path (biz/yyyyMMdd/<hex>.ext): the install's upload directory by
 * default, or an S3-compatible bucket when S3_BUCKET is set, so several processes (on several machines)
 * share one store. Only paths of the stored shape are ever read or written, in either store.
 */

export interface StoredObject {
  path: string;
  size: number;
}

export interface FileStore {
  readonly kind: 'local' | 's3';
  /** Writes new bytes; a path is never overwritten (names are random, a clash is refused). */
  put(path: string, bytes: Buffer, type: string): Promise<void>;
  /** The bytes as a stream, or null when there is no such file. */
  get(path: string): Promise<Readable | null>;
  /** Removes the bytes; a file already gone is fine. */
  remove(path: string): Promise<void>;
  /** Every stored file of the stored shape, with its size. */
  list(): Promise<StoredObject[]>;
}

function checked(path: string): string {
  if (!STORED_PATH.test(path)) throw new Error(`not a stored path: ${path}`);
  return path;
}

export function localStore(root: string): FileStore {
  const fileOf = (path: string) => {
    const target = resolve(root, ...checked(path).split('/'));
    if (!target.startsWith(root + sep)) throw new Error(`outside the upload directory: ${path}`);
    return target;
  };
  return {
    kind: 'local',
    async put(path, bytes) {
      const target = fileOf(path);
      mkdirSync(join(target, '..'), { recursive: true });
      writeFileSync(target, bytes, { flag: 'wx' });
    },
    async get(path) {
      const target = fileOf(path);
      return existsSync(target) ? createReadStream(target) : null;
    },
    async remove(path) {
      try {
        unlinkSync(fileOf(path));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    },
    async list() {
      return uploadedFiles(root).map((path) => ({ path, size: statSync(join(root, ...path.split('/')), { throwIfNoEntry: false })?.size ?? 0 }));
    },
  };
}

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Keys start with this (no leading or trailing slash), so one bucket can serve several installs. */
  prefix: string;
  forcePathStyle: boolean;
}

export function s3Store(s3: S3Settings): FileStore {
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials: s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined,
  });
  const base = s3.prefix ? `${s3.prefix}/` : '';
  const keyOf = (path: string) => `${base}${checked(path)}`;
  const missing = (error: unknown) =>
    ['NoSuchKey', 'NotFound'].includes((error as { name?: string }).name ?? '') ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
  return {
    kind: 's3',
    async put(path, bytes, type) {
      const Key = keyOf(path);
      // Names are random: a clash means something is wrong, as the local store's exclusive create says.
      const there = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key })).then(
        () => true,
        (error) => (missing(error) ? false : Promise.reject(error)),
      );
      if (there) throw new Error(`already stored: ${path}`);
      await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key, Body: bytes, ContentType: type, ContentLength: bytes.length }));
    },
    async get(path) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: keyOf(path) }));
        return (object.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async remove(path) {
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: keyOf(path) }));
    },
    async list() {
      const found: StoredObject[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: base || undefined, ContinuationToken: token }));
        for (const o of page.Contents ?? []) {
          const path = (o.Key ?? '').slice(base.length);
          if (STORED_PATH.test(path)) found.push({ path, size: o.Size ?? 0 });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return found.sort((a, b) => a.path.localeCompare(b.path));
    },
  };
}

/** The store an install's configuration names: its bucket when S3 is configured, else its upload directory. */
export const fileStoreOf = (config: ServerConfig): FileStore => (config.s3 ? s3Store(config.s3) : localStore(uploadDirOf(config.dataDir)));

/**
 * Every file in the store, for the start-up index. With a bucket configured, files still in the local
 * upload directory (the demo's pictures, uploads made before the move to S3) are first copied into the
 * bucket when it lacks them, so one listing serves both.
 */
export async function storedFiles(store: FileStore, dataDir: string): Promise<StoredObject[]> {
  const listed = await store.list();
  if (store.kind === 'local') return listed;
  const root = uploadDirOf(dataDir);
  const there = new Set(listed.map((o) => o.path));
  const copied: StoredObject[] = [];
  for (const path of uploadedFiles(root)) {
    if (there.has(path)) continue;
    const bytes = readFileSync(join(root, ...path.split('/')));
    await store.put(path, bytes, 'application/octet-stream');
    copied.push({ path, size: bytes.length });
  }
  return [...listed, ...copied];
}
