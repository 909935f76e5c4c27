import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { renderUi } from '../../test-kit/render.tsx';
import { fakeServer } from '../../test-kit/server.ts';
import { widgetOf } from '../registry.ts';
import { itemOf } from '../story-kit/stories.tsx';
import { renderWidget } from '../test-kit.tsx';

/*
 * A stored path opens under the deployment's static domain, one window per file; a file other than a picture
 * with a ticket the server hands out at the click (POST /sys/common/fileTicket). Nothing here edits the value.
 */
const STATIC = 'https://files.example.org/static';
const PDF = 'temp/20260101/0123456789abcdef0123456789abcdef.pdf';
const TXT = 'temp/20260101/fedcba9876543210fedcba9876543210.txt';
const PNG = 'temp/20260101/00112233445566778899aabbccddeeff.png';

let config: typeof window._CONFIG;
let open: MockInstance<typeof window.open>;
/** The windows the click opened, and where each was sent (jsdom cannot navigate). */
let opened: { href: string; opener: unknown }[];
let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  config = window._CONFIG;
  opened = [];
  open = vi.spyOn(window, 'open').mockImplementation(() => {
    const target = { location: { href: '' }, opener: window as unknown };
    opened.push({
      get href() {
        return target.location.href;
      },
      get opener() {
        return target.opener;
      },
    });
    return target as unknown as Window;
  });
  server = fakeServer({
    'POST /sys/common/fileTicket': ({ body }) => {
      const { path } = body as { path: string };
      return { ticket: `t-${path.slice(-8)}`, expiresIn: 120 };
    },
  });
  window._CONFIG = { ...window._CONFIG, staticDomainURL: STATIC };
});
afterEach(() => {
  window._CONFIG = config;
  open.mockRestore();
});

async function renderDownload(value?: string, options = {}) {
  const view = await renderWidget('download', { value, options });
  return { ...view, button: () => screen.getByRole('button', { name: /下载/ }) };
}

describe('文件下载 (download)', () => {
  it('opens the stored file under the static domain with a download ticket, away from this page, and leaves the value as it is', async () => {
    const { user, button, value } = await renderDownload(PDF);
    await user.click(button());
    await waitFor(() => expect(opened.map((w) => w.href)).toEqual([`${STATIC}/${PDF}?ticket=t-cdef.pdf`]));
    expect(server.requests.find((r) => r.path === '/sys/common/fileTicket')?.body).toEqual({ path: PDF, purpose: 'download' });
    expect(opened[0].opener).toBeNull();
    expect(value()).toBe(PDF);
  });

  it('opens each file of a comma list on its own; a picture and an absolute address as they are', async () => {
    const { user, button } = await renderDownload(`${PDF},${PNG},https://cdn.example.org/guide.docx`);
    await user.click(button());
    await waitFor(() =>
      expect(opened.map((w) => w.href)).toEqual([`${STATIC}/${PDF}?ticket=t-cdef.pdf`, `${STATIC}/${PNG}`, 'https://cdn.example.org/guide.docx']),
    );
    expect(server.requests.filter((r) => r.path === '/sys/common/fileTicket')).toHaveLength(1);
  });

  it('with no file it warns 未知的文件 and opens nothing', async () => {
    const { user, button } = await renderDownload();
    await user.click(button());
    expect(await screen.findByText('未知的文件')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });

  it('disabled, its button is', async () => {
    const { button } = await renderDownload(PDF, { disabled: true });
    expect(button()).toBeDisabled();
  });

  it('a detail names each file; a PDF opens as a preview, another file as a download', async () => {
    const item = itemOf('download');
    const { user } = renderUi(<>{widgetOf('download')!.readable!.render!(`${PDF},${TXT}`, { name: 'file', label: item.label!, type: 'string' })}</>);
    expect(screen.queryAllByRole('link')).toEqual([]);
    await user.click(screen.getByRole('button', { name: PDF.split('/').pop() }));
    await waitFor(() => expect(opened.map((w) => w.href)).toEqual([`${STATIC}/${PDF}?ticket=t-cdef.pdf`]));
    expect(server.requests.find((r) => r.path === '/sys/common/fileTicket')?.body).toEqual({ path: PDF, purpose: 'preview' });
  });
});
