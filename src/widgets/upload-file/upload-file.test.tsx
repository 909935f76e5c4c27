import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WidgetOptions } from '../../core/schema/types.generated.ts';
import { fakeServer } from '../../test-kit/server.ts';
import { uploadsThroughFetch } from '../upload/uploads-through-fetch.ts';
import { renderWidget, type WidgetView } from '../test-kit.tsx';

/*
 * 上传文件 as the stories show it: stored files under temp/20260101; the server stores each upload under
 * temp/20260601 and answers its path (here named after the file, to tell them apart).
 */
const UPLOAD = 'POST /sys/common/upload';
const REPORT = 'temp/20260101/0123456789abcdef0123456789abcdef.pdf';

async function renderUploadFile(value?: string, options: WidgetOptions = {}) {
  const server = fakeServer({
    [UPLOAD]: ({ body }) => {
      const path = `temp/20260601/${(body as { file: string }).file}`;
      return Response.json({ success: true, message: path, code: 0, result: path, timestamp: 0 });
    },
  });
  uploadsThroughFetch();
  return { ...(await renderWidget('uploadFile', { value, options })), server };
}

/** The names of the files listed (jsdom ends no animation: a removed item stays, leaving). */
const listed = ({ field }: WidgetView) =>
  [...field().querySelectorAll('.ant-upload-list-item-container:not(.ant-upload-animate-leave) .ant-upload-list-item-name')].map((name) => name.textContent);

const fileInput = ({ field }: WidgetView) => field().querySelector<HTMLInputElement>('input[type=file]')!;

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

describe('上传文件 (uploadFile)', () => {
  it('shows a stored value as its files, named by the file', async () => {
    const view = await renderUploadFile(`${REPORT},temp/20260101/fedcba9876543210fedcba9876543210.xlsx`);
    expect(listed(view)).toEqual(['0123456789abcdef0123456789abcdef.pdf', 'fedcba9876543210fedcba9876543210.xlsx']);
    expect(within(view.field()).getByRole('button', { name: /上传文件/ })).toBeInTheDocument();
  });

  it('a file the user uploads is stored by the path the server answers', async () => {
    const view = await renderUploadFile();
    await view.user.upload(fileInput(view), pdf('年度报告.pdf'));
    await waitFor(() => expect(view.value()).toBe('temp/20260601/年度报告.pdf'));
    expect(listed(view)).toEqual(['年度报告.pdf']);
    expect(view.server.sentTo(UPLOAD)).toHaveLength(1);
  });

  it('beyond its limit the newest files are cut off, saying 最大上传数量为2 once, and never sent', async () => {
    const view = await renderUploadFile(REPORT, { limit: 2, multiple: true });
    await view.user.upload(fileInput(view), [pdf('一.pdf'), pdf('二.pdf'), pdf('三.pdf')]);
    expect(await screen.findByText('最大上传数量为2')).toBeInTheDocument();
    await waitFor(() => expect(view.value()).toBe(`${REPORT},temp/20260601/一.pdf`));
    expect(listed(view)).toEqual(['0123456789abcdef0123456789abcdef.pdf', '一.pdf']);
    expect(view.server.sentTo(UPLOAD)).toHaveLength(1);
    expect(screen.getAllByText('最大上传数量为2')).toHaveLength(1);
  });

  it('offers no upload once full, and none (nor removing) when disabled', async () => {
    const full = await renderUploadFile(REPORT, { limit: 1 });
    expect(within(full.field()).queryByRole('button', { name: /上传文件/ })).not.toBeInTheDocument();
    expect(within(full.field()).getByTitle('删除文件')).toBeInTheDocument();
    full.unmount();

    const disabled = await renderUploadFile(REPORT, { disabled: true });
    expect(listed(disabled)).toEqual(['0123456789abcdef0123456789abcdef.pdf']);
    expect(within(disabled.field()).queryByRole('button', { name: /上传文件/ })).not.toBeInTheDocument();
    expect(within(disabled.field()).queryByTitle('删除文件')).not.toBeInTheDocument();
  });

  it('drag offers a drop area, which takes files like the button', async () => {
    const view = await renderUploadFile(undefined, { drag: true });
    expect(within(view.field()).getByText('点击或拖拽文件到此处上传')).toBeInTheDocument();
    await view.user.upload(fileInput(view), pdf('附件.pdf'));
    await waitFor(() => expect(view.value()).toBe('temp/20260601/附件.pdf'));
  });
});
