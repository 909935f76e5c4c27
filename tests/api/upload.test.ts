import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffServer } from './announcements.fixture.ts';
import type { TestServer } from './helpers/server.ts';
import { TINY_PNG } from './helpers/fixtures.ts';

let s: TestServer;
let token: string;

beforeAll(async () => {
  ({
    s,
    tokens: { zhangwei: token },
  } = await staffServer());
});
afterAll(() => s?.close());

async function upload(bytes: Buffer, name: string, type: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const r = await fetch(`${s.origin}${s.config.apiBase}/sys/common/upload`, { method: 'POST', headers: { 'X-Access-Token': token }, body: form });
  return { status: r.status, body: await r.json() };
}

const uploadRoot = () => join(s.config.dataDir, 'upload');
const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => d.name)
    : [];
/** A stored file read as the client reads it: a picture by its path, anything else with a ticket for `purpose`. */
async function download(path: string, purpose: 'download' | 'preview' = 'download') {
  const url = `${s.origin}${s.config.apiBase}/sys/common/static/${path}`;
  if (/\.(png|jpg|gif)$/.test(path)) return fetch(url);
  const ticket = await s.api.post('/sys/common/fileTicket', { path, purpose }, token);
  return fetch(`${url}?ticket=${encodeURIComponent(ticket.body.result.ticket)}`);
}

describe('POST /sys/common/upload', () => {
  it('stores an image of the main upload (isup=1) under temp with code 0 and the path as the message, and serves it back', async () => {
    const r = await upload(TINY_PNG, 'photo.png', 'image/png', { isup: '1' });
    expect(r).toMatchObject({ status: 200, body: { success: true, code: 0 } });
    expect(r.body.message).toMatch(/^temp\/\d{8}\/[0-9a-f]{32}\.png$/);
    const back = await download(r.body.message);
    expect(back.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await back.arrayBuffer()).equals(TINY_PNG)).toBe(true);
  });

  it('stores an ordinary file under its biz and hands it back as a download', async () => {
    const text = Buffer.from('<script>alert(1)</script>');
    const r = await upload(text, '说明.html', 'text/html', { biz: 'contract' });
    expect(r).toMatchObject({ status: 200, body: { success: true, code: 0 } });
    expect(r.body.message).toMatch(/^contract\/\d{8}\/[0-9a-f]{32}\.html$/);
    const back = await download(r.body.message);
    expect(back.status).toBe(200);
    expect(back.headers.get('content-type')).toBe('application/octet-stream');
    expect(back.headers.get('content-disposition')).toBe('attachment');
    expect(back.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await back.arrayBuffer()).equals(text)).toBe(true);
  });

  it('hands a PDF over as a download, and inline as a PDF only when asked for a preview (html stays a download)', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const r = await upload(pdf, '证书.pdf', 'application/pdf', { biz: 'contract' });
    expect(r.body.message).toMatch(/^contract\/\d{8}\/[0-9a-f]{32}\.pdf$/);
    expect((await download(r.body.message)).headers.get('content-disposition')).toBe('attachment');
    const preview = await download(r.body.message, 'preview');
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('application/pdf');
    expect(preview.headers.get('content-disposition')).toBe('inline');
    expect(preview.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await upload(Buffer.from('<script>alert(1)</script>'), 'x.html', 'text/html', { biz: 'contract' });
    expect((await download(html.body.message, 'preview')).headers.get('content-type')).toBe('application/octet-stream');
  });

  it('takes the rich-text editor upload (biz=jeditor, jeditor=1)', async () => {
    const r = await upload(TINY_PNG, 'a.png', 'image/png', { biz: 'jeditor', jeditor: '1' });
    expect(r.body.message).toMatch(/^jeditor\/\d{8}\/[0-9a-f]{32}\.png$/);
  });

  it('refuses a disguised image, whether by name or by declared type, writing nothing', async () => {
    const before = filesUnder(uploadRoot()).length;
    const svg = Buffer.from('<svg onload="alert(1)"></svg>');
    for (const [name, type] of [
      ['x.png', 'application/octet-stream'],
      ['x.bin', 'image/png'],
      ['x.svg', 'image/svg+xml'],
    ]) {
      expect(await upload(svg, name, type), name).toMatchObject({ status: 400, body: { success: false, message: '请上传图片（仅支持 gif、jpeg、png）' } });
    }
    expect(filesUnder(uploadRoot()).length).toBe(before);
  });

  it('refuses an oversized file with 413', async () => {
    const before = filesUnder(uploadRoot()).length;
    const big = await upload(Buffer.alloc(5 * 1024 * 1024 + 1), 'big.zip', 'application/zip');
    expect(big).toMatchObject({ status: 413, body: { success: false, message: '文件大小不能超过5MB' } });
    expect(filesUnder(uploadRoot()).length).toBe(before);
  });

  it('refuses a path-escaping biz with a clear 400 and writes nothing outside the upload root', async () => {
    const before = filesUnder(uploadRoot()).length;
    for (const biz of ['../../x', '..', 'a/b', 'x\\..\\y', '/etc']) {
      expect(await upload(Buffer.from('hello'), 'a.txt', 'text/plain', { biz }), biz).toMatchObject({
        status: 400,
        body: { message: 'biz 只能包含字母、数字和下划线' },
      });
    }
    expect(filesUnder(uploadRoot()).length).toBe(before);
    expect(existsSync(join(s.config.dataDir, 'x'))).toBe(false);
    expect(existsSync(join(s.config.dataDir, '..', 'x'))).toBe(false);
  });

  it('keeps no part of a hostile file name', async () => {
    const r = await upload(Buffer.from('hello'), '../../evil.sh;.t x t', 'text/plain');
    expect(r.body.message).toMatch(/^temp\/\d{8}\/[0-9a-f]{32}\.bin$/);
  });
});
