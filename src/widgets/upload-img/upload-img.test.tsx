import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WidgetOptions } from '../../core/schema/types.generated.ts';
import { fakeServer, refusal } from '../../test-kit/server.ts';
import { uploadsThroughFetch } from '../upload/uploads-through-fetch.ts';
import { renderWidget, type WidgetView } from '../test-kit.tsx';

/* 上传图片: stored pictures as thumbnails under the static domain; only gif, jpeg and png are taken. */
const UPLOAD = 'POST /sys/common/upload';
const STATIC = '/hope-boot/sys/common/static';
const PHOTO = 'temp/20260101/0123456789abcdef0123456789abcdef.png';
const NEW_PHOTO = 'temp/20260601/fedcba9876543210fedcba9876543210.png';

async function renderUploadImg(
  value?: string,
  options: WidgetOptions = {},
  answer: () => unknown = () => Response.json({ success: true, message: NEW_PHOTO, code: 0 }),
) {
  const server = fakeServer({ [UPLOAD]: answer });
  uploadsThroughFetch();
  return { ...(await renderWidget('uploadImg', { value, options })), server };
}

/** The thumbnails shown (jsdom ends no animation: a removed item stays, leaving). */
const thumbnails = ({ field }: WidgetView) =>
  [...field().querySelectorAll('.ant-upload-list-item-container:not(.ant-upload-animate-leave) img')].map((img) => img.getAttribute('src'));

const fileInput = ({ field }: WidgetView) => field().querySelector<HTMLInputElement>('input[type=file]')!;

const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

describe('上传图片 (uploadImg)', () => {
  // antd draws the thumbnail of a picture being sent on a canvas, which jsdom lacks (and says so each time).
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows stored pictures as thumbnails, with a card to add another', async () => {
    const view = await renderUploadImg(`${PHOTO},/logo.svg`);
    expect(thumbnails(view)).toEqual([`${STATIC}/${PHOTO}`, '/logo.svg']);
    expect(within(view.field()).getByRole('img', { name: '上传图片' })).toBeInTheDocument();
  });

  it('a picture the user uploads is stored by the path the server answers', async () => {
    const view = await renderUploadImg();
    await view.user.upload(fileInput(view), png('合影.png'));
    await waitFor(() => expect(view.value()).toBe(NEW_PHOTO));
    expect(view.server.sentTo(UPLOAD).map((r) => r.body)).toEqual([{ biz: 'temp', isup: '1', file: '合影.png' }]);
  });

  it('a file that is not a gif, jpeg or png is refused with 请上传图片 and never sent', async () => {
    const view = await renderUploadImg(PHOTO);
    expect(fileInput(view)).toHaveAttribute('accept', 'image/gif,image/jpeg,image/png');
    // The file dialog's "all files": what the accept list would hide still reaches the widget.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(fileInput(view), new File(['<svg/>'], '图标.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByText('请上传图片')).toBeInTheDocument();
    expect(view.server.requests).toEqual([]);
    expect(view.value()).toBe(PHOTO);
    expect(thumbnails(view)).toEqual([`${STATIC}/${PHOTO}`]);
  });

  it("a refused upload says the server's reason and leaves the value as it was", async () => {
    const view = await renderUploadImg(PHOTO, {}, () => refusal('请上传图片（仅支持 gif、jpeg、png）', 400));
    await view.user.upload(fileInput(view), png('伪装.png'));
    expect(await screen.findByText('请上传图片（仅支持 gif、jpeg、png）')).toBeInTheDocument();
    expect(view.value()).toBe(PHOTO);
  });

  it('as a text list it offers a 上传图片 button and lists pictures by name', async () => {
    const view = await renderUploadImg(PHOTO, { listType: 'text' });
    expect(within(view.field()).getByRole('button', { name: /上传图片/ })).toBeInTheDocument();
    expect(within(view.field()).getByText('0123456789abcdef0123456789abcdef.png')).toBeInTheDocument();
  });
});
