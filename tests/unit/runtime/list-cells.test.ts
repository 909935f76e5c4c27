import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderCell } from '../../../src/runtime/renderers/list/cells.tsx';

/* List cells declared with render: 'image' show the stored picture, not its path. */

const html = (node: unknown) => renderToStaticMarkup(node as ReactElement);

describe('image cells', () => {
  it('show the first picture of a stored path list as a thumbnail from the static domain', () => {
    const cell = html(
      renderCell(
        { dataIndex: 'image', title: '图片', render: 'image' },
        { id: '1', image: 'carousel/20251122/0123456789abcdef0123456789abcdef.png,other.png' },
      ),
    );
    expect(cell).toContain('<img');
    expect(cell).toContain('src="/hope-boot/sys/common/static/carousel/20251122/0123456789abcdef0123456789abcdef.png"');
    expect(cell).toContain('alt="图片"');
  });

  it('keep absolute addresses and show nothing without a picture', () => {
    expect(html(renderCell({ dataIndex: 'avatar', render: 'image' }, { id: '1', avatar: 'https://example.org/a.png' }))).toContain(
      'src="https://example.org/a.png"',
    );
    expect(html(renderCell({ dataIndex: 'avatar', render: 'image' }, { id: '1', avatar: null }))).toBe('');
  });
});

describe('yes/no cells', () => {
  it('read a boolean, or a switch column over 1/0 or Y/N, as 是 or 否', () => {
    expect(renderCell({ dataIndex: 'enabled' }, { id: '1', enabled: true })).toBe('是');
    expect(renderCell({ dataIndex: 'enabled' }, { id: '1', enabled: false })).toBe('否');
    expect(renderCell({ dataIndex: 'flag', render: 'switch' }, { id: '1', flag: '1' })).toBe('是');
    expect(renderCell({ dataIndex: 'flag', render: 'switch' }, { id: '1', flag: 'N' })).toBe('否');
    expect(html(renderCell({ dataIndex: 'flag', render: 'switch' }, { id: '1', flag: null }))).toBe('');
  });
});

describe('file cells', () => {
  it('offer a PDF as a preview in the browser and a download, any other file as a download — buttons, since its address needs a ticket', () => {
    const pdf = html(renderCell({ dataIndex: 'path', render: 'file' }, { id: '1', path: 'contract/20261124/0123456789abcdef0123456789abcdef.pdf' }));
    expect(pdf.match(/<button[^>]*title="contract\/20261124\/0123456789abcdef0123456789abcdef.pdf"/g)).toHaveLength(2);
    expect(pdf).not.toContain('/sys/common/static/');
    expect(pdf).toContain('预览');
    expect(pdf).toContain('下载');
    expect(html(renderCell({ dataIndex: 'path', render: 'file' }, { id: '1', path: 'contract/20261124/0123456789abcdef0123456789abcdef.docx' }))).not.toContain(
      '预览',
    );
  });
});
