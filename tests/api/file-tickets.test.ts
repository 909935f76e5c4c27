import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTicket, TICKET_EXPIRED } from '../../server/services/file-tickets.ts';
import { addActivity, addDonation, addRecord } from './helpers/schema-records.ts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.ts';
import { TINY_PNG } from './helpers/fixtures.ts';

/*
 * Download and preview tickets (issue 17 item 6): a stored file other than a picture is served only with a
 * ticket for its path and purpose, which POST /sys/common/fileTicket hands to its uploader, to whoever sees
 * it in 文件管理, and to whoever sees — through the scoped reader — a record that holds it.
 */

let s: TestServer;
let admin: string;
let lina: string;
let zhangwei: string;
let pdf: string;

const PDF_BYTES = Buffer.from('%PDF-1.4\n%%EOF\n');

async function upload(token: string, bytes: Buffer, name: string, type: string): Promise<string> {
  const form = new FormData();
  form.append('biz', 'invoice');
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const r = await fetch(`${s.origin}${s.config.apiBase}/sys/common/upload`, { method: 'POST', headers: { 'X-Access-Token': token }, body: form });
  const body = (await r.json()) as { success: boolean; message: string };
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.message;
}
const ticketFor = (path: string, purpose: string, token: string) => s.api.post('/sys/common/fileTicket', { path, purpose }, token);
const read = (path: string, ticket?: string) =>
  fetch(`${s.origin}${s.config.apiBase}/sys/common/static/${path}${ticket === undefined ? '' : `?ticket=${encodeURIComponent(ticket)}`}`);

beforeAll(async () => {
  s = await startServer();
  admin = await s.loginAs('admin', ADMIN_PASSWORD);
  lina = await s.loginAs('lina', ADMIN_PASSWORD);
  zhangwei = await s.loginAs('zhangwei', ADMIN_PASSWORD);
  pdf = await upload(admin, PDF_BYTES, '票据.pdf', 'application/pdf');
});
afterAll(() => s?.close());

describe('serving a stored file', () => {
  it('a file other than a picture needs a ticket; a picture is shown by its path', async () => {
    const bare = await read(pdf);
    expect(bare.status).toBe(403);
    expect(await bare.json()).toMatchObject({ success: false, message: TICKET_EXPIRED });
    const picture = await upload(lina, TINY_PNG, 'a.png', 'image/png');
    const shown = await read(picture);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/png');
  });

  it('a download ticket hands the file over as an attachment, never cached; a preview ticket shows a PDF inline', async () => {
    const download = await ticketFor(pdf, 'download', admin);
    expect(download.body).toMatchObject({ success: true, result: { expiresIn: 120 } });
    const file = await read(pdf, download.body.result.ticket);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment');
    expect(file.headers.get('content-type')).toBe('application/octet-stream');
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF_BYTES)).toBe(true);

    const preview = await read(pdf, (await ticketFor(pdf, 'preview', admin)).body.result.ticket);
    expect(preview.headers.get('content-type')).toBe('application/pdf');
    expect(preview.headers.get('content-disposition')).toBe('inline');
    // A preview of a page stays a download: only a PDF opens in the browser.
    const html = await upload(admin, Buffer.from('<script>alert(1)</script>'), 'x.html', 'text/html');
    const page = await read(html, (await ticketFor(html, 'preview', admin)).body.result.ticket);
    expect(page.headers.get('content-type')).toBe('application/octet-stream');
    expect(page.headers.get('content-disposition')).toBe('attachment');
  });

  it('refuses a ticket of another file, a changed one and an expired one', async () => {
    const other = await upload(admin, PDF_BYTES, '另一张.pdf', 'application/pdf');
    const ticket = (await ticketFor(other, 'download', admin)).body.result.ticket as string;
    expect((await read(pdf, ticket)).status).toBe(403);
    expect((await read(other, ticket.replace('.d.', '.p.'))).status).toBe(403);
    expect((await read(other, `${ticket}x`)).status).toBe(403);
    const expired = issueTicket(s.config.jwtSecret, other, 'download', Date.now() - 10 * 60_000);
    const r = await read(other, expired);
    expect(r.status).toBe(403);
    expect(await r.json()).toMatchObject({ message: TICKET_EXPIRED });
    expect((await read(other, ticket)).status).toBe(200);
  });
});

describe('who gets a ticket', () => {
  it('its uploader, and an admin who sees it in 文件管理; nobody else while no record holds it', async () => {
    const own = await upload(lina, PDF_BYTES, '我的.pdf', 'application/pdf');
    expect((await ticketFor(own, 'download', lina)).body.success).toBe(true);
    expect((await ticketFor(own, 'download', admin)).body.success).toBe(true);
    const refused = await ticketFor(pdf, 'download', lina);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, message: '没有权限查看该文件' });
    expect(refused.body.result).toBeNull();
  });

  it('anyone who reads a record holding it: the invoice that holds it opens it to 募捐专员, not to 项目专员', async () => {
    const file = await upload(admin, PDF_BYTES, '发票.pdf', 'application/pdf');
    expect((await ticketFor(file, 'download', zhangwei)).status).toBe(403);
    const record = await addDonation(s, admin, await addActivity(s, admin), { amount: 300, payStatus: '2' });
    await addRecord(s, admin, 'donation/invoice', { recordId: record, titleType: '1', title: '张三', amount: 300, status: '1', file });
    const given = await ticketFor(file, 'preview', zhangwei);
    expect(given.body.success, JSON.stringify(given.body)).toBe(true);
    expect((await read(file, given.body.result.ticket)).status).toBe(200);
    expect((await ticketFor(file, 'download', lina)).status).toBe(403);
  });

  it('bad requests change nothing and name what is wrong', async () => {
    expect((await ticketFor('../../etc/passwd', 'download', admin)).body).toMatchObject({ success: false, message: '文件不存在' });
    expect((await ticketFor('invoice/20260101/ffffffffffffffffffffffffffffffff.pdf', 'download', admin)).status).toBe(404);
    expect((await ticketFor(pdf, 'delete', admin)).body).toMatchObject({ success: false, message: 'purpose 只能是 download 或 preview' });
    expect((await s.api.post('/sys/common/fileTicket', { path: pdf, purpose: 'download' })).status).toBe(401);
  });
});
