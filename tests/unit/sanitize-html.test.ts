// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../src/runtime/helpers/sanitize-html.ts';

/* The browser's wall for rich text (DOMPurify with the allow-list): what a person sees, and what never runs. */

describe('sanitizeHtml', () => {
  it('keeps formatting, tables, safe links and pictures', () => {
    const html =
      '<p style="color: red">a <b>b</b> <a href="https://x.cn/p" target="_blank">link</a></p><table><thead><tr><th colspan="2">h</th></tr></thead></table><img src="data:image/png;base64,AAAA" alt="pic">';
    const clean = sanitizeHtml(html);
    expect(clean).toContain('<p style="color: red">a <b>b</b>');
    // A new tab gets no handle on this page.
    expect(clean).toContain('<a href="https://x.cn/p" target="_blank" rel="noopener noreferrer">link</a>');
    expect(clean).toContain('<th colspan="2">h</th>');
    expect(clean).toContain('<img src="data:image/png;base64,AAAA" alt="pic">');
  });

  it('drops scripts, frames, forms and svg with their content; unwraps unknown tags keeping their text', () => {
    expect(sanitizeHtml('<p>x<script>alert(1)</script></p>')).toBe('<p>x</p>');
    expect(sanitizeHtml('<iframe src="https://evil"></iframe><form><input value="v"></form>ok')).toBe('ok');
    expect(sanitizeHtml('<svg><script>alert(1)</script><text>t</text></svg>z')).toBe('z');
    expect(sanitizeHtml('<section><article>kept text</article></section>')).toBe('kept text');
    expect(sanitizeHtml('<!-- note --><p>c</p>')).toBe('<p>c</p>');
  });

  it('strips event handlers, script addresses, unsafe styles and attributes outside the list', () => {
    expect(sanitizeHtml('<img src="/x.png" onerror="alert(1)">')).toBe('<img src="/x.png">');
    expect(sanitizeHtml('<a href="javascript:alert(1)">a</a>')).toBe('<a>a</a>');
    expect(sanitizeHtml('<a href="vbscript:x">a</a><img src="data:text/html;base64,PHA+">')).toBe('<a>a</a><img>');
    expect(sanitizeHtml('<p style="background: url(https://track/p.gif)">p</p>')).toBe('<p>p</p>');
    expect(sanitizeHtml('<p data-x="1" id="i" class="c">p</p>')).toBe('<p class="c">p</p>');
    expect(sanitizeHtml('<td width="10" onclick="x">')).not.toContain('onclick');
  });

  it('answers empty for nothing', () => {
    expect(sanitizeHtml(undefined)).toBe('');
    expect(sanitizeHtml(null)).toBe('');
    expect(sanitizeHtml('')).toBe('');
  });
});
