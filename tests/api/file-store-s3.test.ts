import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, persistentStore, startServer, type TestServer } from './helpers/server.ts';
import { TINY_PNG } from './helpers/fixtures.ts';

/*
 * Uploads in an S3-compatible bucket (S3_BUCKET …), against s3rver on loopback: an upload lands in the
 * bucket under the install's prefix and not on the local disk, is served from the bucket, is deleted
 * from it by 文件管理's 删除; a file left in the local upload directory is copied in and indexed at start.
 */

const BUCKET = 'hope-files';
const PREFIX = 'install-a';
const LEFT_LOCALLY = 'carousel/20261101/0123456789abcdef0123456789abcdef.png';

let s3rver: S3rver;
let s3dir: string;
let endpoint: string;
let store: Awaited<ReturnType<typeof persistentStore>>;
let s: TestServer;
let admin: string;

const bucketKeys = async () => {
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (page.Contents ?? []).map((o) => o.Key);
};

beforeAll(async () => {
  s3dir = mkdtempSync(join(tmpdir(), 'hope-s3-'));
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3dir, configureBuckets: [{ name: BUCKET }] });
  const { port } = await s3rver.run();
  endpoint = `http://127.0.0.1:${port}`;
  store = await persistentStore();
  // An upload from before the move to S3, still in the local upload directory.
  mkdirSync(join(store.dataDir, 'upload', 'carousel', '20261101'), { recursive: true });
  writeFileSync(join(store.dataDir, 'upload', ...LEFT_LOCALLY.split('/')), TINY_PNG);
  s = await startServer(
    { S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_PREFIX: `/${PREFIX}/` },
    store,
  );
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
}, 120_000);

afterAll(async () => {
  await s?.close();
  await store?.dispose();
  await s3rver?.close();
  rmSync(s3dir, { recursive: true, force: true });
});

async function upload(): Promise<string> {
  const form = new FormData();
  form.append('biz', 'carousel');
  form.append('file', new Blob([new Uint8Array(TINY_PNG)], { type: 'image/png' }), 'photo.png');
  const r = await fetch(`${s.origin}${s.config.apiBase}/sys/common/upload`, { method: 'POST', headers: { 'X-Access-Token': admin }, body: form });
  const body = (await r.json()) as { success: boolean; message: string };
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.message;
}
const fileRow = (path: string) =>
  s.db
    .selectFrom('sys_file' as never)
    .selectAll()
    .where('path' as never, '=', path as never)
    .executeTakeFirst() as Promise<Record<string, any> | undefined>;
const served = (path: string) => fetch(`${s.origin}${s.config.apiBase}/sys/common/static/${path}`);

describe('uploads in an S3-compatible bucket', () => {
  it('a file left in the local upload directory is copied into the bucket and indexed at start', async () => {
    expect(await bucketKeys()).toContain(`${PREFIX}/${LEFT_LOCALLY}`);
    expect(await fileRow(LEFT_LOCALLY)).toMatchObject({ file_size: TINY_PNG.length, biz: 'carousel' });
  });

  it('an upload is stored in the bucket under the prefix, not on the local disk, and served from the bucket', async () => {
    const path = await upload();
    expect(await bucketKeys()).toContain(`${PREFIX}/${path}`);
    expect(existsSync(join(store.dataDir, 'upload', ...path.split('/')))).toBe(false);
    const r = await served(path);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await r.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    expect((await served('carousel/20261101/ffffffffffffffffffffffffffffffff.png')).status).toBe(404);
  });

  it('删除 in 文件管理 removes the object from the bucket', async () => {
    const path = await upload();
    const row = (await fileRow(path))!;
    const r = await s.api.post(`/system/file/operation/remove?id=${row.id}`, {}, admin);
    expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    expect(await bucketKeys()).not.toContain(`${PREFIX}/${path}`);
    expect((await served(path)).status).toBe(404);
  });
});
