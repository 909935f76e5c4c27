import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../test-kit.tsx';

/* Layout only: what it shows is its defaultValue as HTML, after the allow-list sanitiser. */
const shown = async (html?: string) => {
  await renderWidget('html', html === undefined ? {} : { options: { defaultValue: html } });
  return screen.findByTestId('widget-html');
};

describe('HTML (html)', () => {
  it('shows its HTML as markup, not as text', async () => {
    const block = await shown();
    expect(block.querySelector('strong')).toHaveTextContent('HTML');
    expect(block).not.toHaveTextContent('<strong>');
  });

  it('keeps formatting, and a link opening a new tab gets no handle on this page', async () => {
    const block = await shown(
      '<h3>捐赠须知</h3><p>请如实填写<b>捐赠人信息</b>，<span style="color:#F5222D">带 * 为必填</span>。</p><a href="https://example.org" target="_blank">了解更多</a>',
    );
    expect(screen.getByRole('heading', { level: 3, name: '捐赠须知' })).toBeInTheDocument();
    expect(block.querySelector('b')).toHaveTextContent('捐赠人信息');
    expect(screen.getByText('带 * 为必填')).toHaveStyle({ color: '#F5222D' });
    const link = screen.getByRole('link', { name: '了解更多' });
    expect(link).toHaveAttribute('href', 'https://example.org');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('removes scripts, event handlers, javascript: links and frames before showing it', async () => {
    const block = await shown(
      '<p>安全内容</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">链接</a><iframe src="https://example.org"></iframe>',
    );
    expect(screen.getByText('安全内容')).toBeInTheDocument();
    expect(block.querySelector('script, iframe')).toBeNull();
    expect(block).not.toHaveTextContent('alert(1)');
    expect(block.querySelector('img')).not.toHaveAttribute('onerror');
    expect(screen.getByText('链接')).not.toHaveAttribute('href');
  });

  it('hidden, it shows nothing', async () => {
    await renderWidget('html', { options: { hidden: true } });
    expect(screen.queryByTestId('widget-html')).not.toBeInTheDocument();
  });
});
