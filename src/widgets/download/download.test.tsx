import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { renderUi } from '../../test-kit/render.tsx';
import { widgetOf } from '../registry.ts';
import { itemOf } from '../story-kit/stories.tsx';
import { renderWidget } from '../test-kit.tsx';

/* A stored path opens under the deployment's static domain, one navigation per file; nothing here edits the value. */
const STATIC = 'https://files.example.org/static';
const PDF = 'temp/20260101/0123456789abcdef0123456789abcdef.pdf';
const TXT = 'temp/20260101/fedcba9876543210fedcba9876543210.txt';

let config: typeof window._CONFIG;
let open: MockInstance<typeof window.open>;
beforeEach(() => {
  config = window._CONFIG;
  window._CONFIG = { ...config, staticDomainURL: STATIC };
  // jsdom cannot navigate: the addresses the browser would open are what the test reads.
  open = vi.spyOn(window, 'open').mockImplementation(() => null);
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
  it('opens the stored file under the static domain and leaves the value as it is', async () => {
    const { user, button, value } = await renderDownload(PDF);
    await user.click(button());
    expect(open).toHaveBeenCalledExactlyOnceWith(`${STATIC}/${PDF}`, '_blank', 'noopener');
    expect(value()).toBe(PDF);
  });

  it('opens each file of a comma list on its own; an absolute address as it is', async () => {
    const { user, button } = await renderDownload(`${PDF},${TXT},https://cdn.example.org/guide.docx`);
    await user.click(button());
    expect(open.mock.calls.map(([url]) => url)).toEqual([`${STATIC}/${PDF}`, `${STATIC}/${TXT}`, 'https://cdn.example.org/guide.docx']);
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

  it('a detail links each file by its name under the static domain', () => {
    const item = itemOf('download');
    renderUi(<>{widgetOf('download')!.readable!.render!(`${PDF},${TXT}`, { name: 'file', label: item.label!, type: 'string' })}</>);
    const links = screen.getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      [PDF.split('/').pop(), `${STATIC}/${PDF}`],
      [TXT.split('/').pop(), `${STATIC}/${TXT}`],
    ]);
  });
});
