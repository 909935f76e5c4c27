import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FieldDef, WidgetOptions } from '../../core/schema/types.generated.ts';
import { ReadableValue } from '../../runtime/renderers/detail/ReadableValue.tsx';
import { KEYS, local } from '../../runtime/storage.ts';
import { loadWidgetKit } from '../../runtime/widgets/kit.ts';
import { renderUi } from '../../test-kit/render.tsx';
import { fakeServer, refusal } from '../../test-kit/server.ts';
import { itemOf } from '../story-kit/stories.tsx';
import { renderWidget, type WidgetView } from '../test-kit.tsx';
import { uploadsThroughFetch } from './uploads-through-fetch.ts';

/*
 * The field both upload widgets share, seen through 上传文件: the record holds a comma list of paths under
 * the static domain (absolute addresses as they are), the person sees a list of files; an upload adds the
 * path the server answers, as the message of an answer with code 0.
 */
const UPLOAD = 'POST /sys/common/upload';
/** Another upload path on this server, as a designer may name it. */
const FILE_UPLOAD = 'POST /sys/file/upload';
const STATIC = '/hope-boot/sys/common/static';
const REPORT = 'temp/20260101/0123456789abcdef0123456789abcdef.pdf';
const SHEET = 'temp/20260101/fedcba9876543210fedcba9876543210.xlsx';
const CHARTER = 'https://cdn.example.org/docs/%E7%AB%A0%E7%A8%8B.pdf';
const NEW_FILE = 'temp/20260601/00000000000000000000000000000001.pdf';

/** The server's answer to an upload: the stored path as the message, code 0. */
const storedAs = (path: string) => Response.json({ success: true, message: path, code: 0, result: path, timestamp: 0 });

async function renderUpload(value?: string, options: WidgetOptions = {}, answer: () => unknown = () => storedAs(NEW_FILE)) {
  const server = fakeServer({ [UPLOAD]: answer, [FILE_UPLOAD]: answer });
  const { headers } = uploadsThroughFetch();
  return { ...(await renderWidget('uploadFile', { value, options })), server, headers };
}

/** The files the list shows, name and link (jsdom ends no animation: a removed item stays, leaving). */
const listed = ({ field }: WidgetView) =>
  [...field().querySelectorAll('.ant-upload-list-item-container:not(.ant-upload-animate-leave) .ant-upload-list-item')].map((item) => {
    const link = item.querySelector('a.ant-upload-list-item-name');
    return { name: item.querySelector('.ant-upload-list-item-name')!.textContent, href: link?.getAttribute('href') ?? null };
  });

const pick = ({ user, field }: WidgetView, file: File) => user.upload(field().querySelector<HTMLInputElement>('input[type=file]')!, file);

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

describe('上传 (UploadField)', () => {
  afterEach(() => local.remove(KEYS.ACCESS_TOKEN));

  it('lists a stored value by file name, each linked under the static domain; an absolute address is kept', async () => {
    const view = await renderUpload(`${REPORT},${CHARTER}`);
    expect(listed(view)).toEqual([
      { name: '0123456789abcdef0123456789abcdef.pdf', href: `${STATIC}/${REPORT}` },
      { name: '章程.pdf', href: CHARTER },
    ]);
  });

  it('an upload posts the file with its business folder and the token, and adds the stored path to the value', async () => {
    local.set(KEYS.ACCESS_TOKEN, 'token-of-the-signed-in-user');
    const view = await renderUpload(REPORT);
    await pick(view, pdf('年度报告.pdf'));

    await waitFor(() => expect(view.value()).toBe(`${REPORT},${NEW_FILE}`));
    expect(listed(view)[1]).toEqual({ name: '年度报告.pdf', href: `${STATIC}/${NEW_FILE}` });
    expect(view.server.sentTo(UPLOAD).map((r) => r.body)).toEqual([{ biz: 'temp', isup: '1', file: '年度报告.pdf' }]);
    expect(view.headers[0]).toMatchObject({ 'X-Access-Token': 'token-of-the-signed-in-user', tenant_id: '0' });
  });

  it("an answer without code 0 drops the file and shows the server's message; the value stays", async () => {
    const view = await renderUpload(REPORT, {}, () => refusal('存储空间不足'));
    await pick(view, pdf('年度报告.pdf'));
    expect(await screen.findByText('存储空间不足')).toBeInTheDocument();
    expect(listed(view).map((f) => f.name)).toEqual(['0123456789abcdef0123456789abcdef.pdf']);
    expect(view.value()).toBe(REPORT);
  });

  it("a refused upload (an HTTP error) says the server's reason and leaves the value as it was", async () => {
    const view = await renderUpload(REPORT, {}, () => refusal('文件大小不能超过5MB', 413));
    await pick(view, pdf('大文件.pdf'));
    expect(await screen.findByText('文件大小不能超过5MB')).toBeInTheDocument();
    expect(view.value()).toBe(REPORT);
  });

  it("an HTTP error without a reason (a proxy's page) says 文件上传失败", async () => {
    const view = await renderUpload(REPORT, {}, () => new Response('<html>502 Bad Gateway</html>', { status: 502 }));
    await pick(view, pdf('大文件.pdf'));
    expect(await screen.findByText('文件上传失败')).toBeInTheDocument();
    expect(view.value()).toBe(REPORT);
  });

  it('removing a file stores the others; a value set from outside replaces the list', async () => {
    const view = await renderUpload(`${REPORT},${SHEET}`);
    const [report] = view.field().querySelectorAll<HTMLElement>('.ant-upload-list-item');
    await view.user.click(within(report).getByTitle('删除文件'));
    expect(view.value()).toBe(SHEET);
    expect(listed(view).map((f) => f.name)).toEqual(['fedcba9876543210fedcba9876543210.xlsx']);

    view.form.setValues({ uploadFile_value: REPORT });
    await waitFor(() => expect(listed(view).map((f) => f.name)).toEqual(['0123456789abcdef0123456789abcdef.pdf']));
  });

  it('posts to another path on this server when told, merging the extra form data; never to another origin', async () => {
    const elsewhere = await renderUpload(undefined, { action: 'https://files.example.org/upload', data: '{"biz":"contract"}' });
    await pick(elsewhere, pdf('合同.pdf'));
    await waitFor(() => expect(elsewhere.server.sentTo(UPLOAD).map((r) => r.body)).toEqual([{ biz: 'contract', isup: '1', file: '合同.pdf' }]));
    elsewhere.unmount();

    const here = await renderUpload(undefined, { action: '/hope-boot/sys/file/upload', data: 'not json' });
    await pick(here, pdf('合同.pdf'));
    await waitFor(() => expect(here.server.sentTo(FILE_UPLOAD).map((r) => r.body)).toEqual([{ biz: 'temp', isup: '1', file: '合同.pdf' }]));
    expect(here.value()).toBe(NEW_FILE);
  });
});

describe('上传 in a detail (readable)', () => {
  const field: FieldDef = { name: 'attachment', label: '附件', type: 'string' };

  async function renderReadable(type: 'uploadFile' | 'uploadImg', value: string) {
    await loadWidgetKit();
    return renderUi(<ReadableValue field={field} widget={itemOf(type, { model: 'attachment', label: '附件' })} record={{ id: '1', attachment: value }} />);
  }

  it('reads stored files as buttons named by the file, decoded as the form lists them — no address until a ticket is asked for', async () => {
    await renderReadable('uploadFile', `${REPORT},https://cdn.example.org/docs/%E7%AB%A0%E7%A8%8B.pdf`);
    expect(screen.queryAllByRole('link')).toEqual([]);
    const files = screen.getAllByRole('button');
    expect(files.map((b) => [b.textContent, b.getAttribute('title')])).toEqual([
      ['0123456789abcdef0123456789abcdef.pdf', REPORT],
      ['章程.pdf', CHARTER],
    ]);
  });

  it('reads stored pictures as thumbnails, each opening its picture', async () => {
    await renderReadable('uploadImg', 'temp/20260101/photo.png,/logo.svg');
    const pictures = screen.getAllByRole('img', { name: '附件' });
    expect(pictures.map((img) => img.getAttribute('src'))).toEqual([`${STATIC}/temp/20260101/photo.png`, '/logo.svg']);
    expect(pictures.map((img) => img.closest('a')!.getAttribute('href'))).toEqual([`${STATIC}/temp/20260101/photo.png`, '/logo.svg']);
  });
});
