import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test-kit/render.tsx';
import { widgetOf } from '../registry.ts';
import { renderWidget, type WidgetView } from '../test-kit.tsx';

/* The editor is its own chunk, loaded when the form first shows it: the first render waits for the import. */
const LOADED = { timeout: 15_000 };
const TEXT = '# 希望工程\n\n- 助学\n- **圆梦**行动';
const editor = async ({ field }: WidgetView) => within(field()).findByRole('textbox', {}, LOADED);

describe('Markdown (markdown)', () => {
  it('shows the stored text in the editor and formatted beside it', async () => {
    const view = await renderWidget('markdown', { value: TEXT });
    expect(await editor(view)).toHaveValue(TEXT);
    const preview = view.field().querySelector<HTMLElement>('.wmde-markdown')!;
    expect(within(preview).getByRole('heading', { level: 1 })).toHaveTextContent('希望工程');
    expect(within(preview).getByText('圆梦', { selector: 'strong' })).toBeInTheDocument();
  });

  it('what the user types is the form value, as markdown text', async () => {
    const view = await renderWidget('markdown', { value: '旧的说明' });
    const box = await editor(view);
    await view.user.clear(box);
    await view.user.type(box, '## 圆梦行动');
    expect(view.value()).toBe('## 圆梦行动');
  });

  it('read-only, it shows only the formatted text: no toolbar, no box to type in', async () => {
    const view = await renderWidget('markdown', { value: TEXT, options: { readonly: true } });
    expect(await within(view.field()).findByRole('heading', { level: 1 }, LOADED)).toHaveTextContent('希望工程');
    expect(within(view.field()).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(view.field()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('a required text left empty says so', async () => {
    const view = await renderWidget('markdown', { item: { rules: [{ required: true, message: '请填写说明' }] } });
    await editor(view);
    await expect(view.form.validate()).rejects.toBeTruthy();
    expect(await within(view.field()).findByText('请填写说明')).toBeInTheDocument();
  });

  it('a detail reads it formatted across a whole row; HTML in the text loses its scripts and handlers', async () => {
    const readable = widgetOf('markdown')!.readable!;
    expect(readable.wide).toBe(true);
    const hostile = `${TEXT}\n\n<img src="x.png" onerror="alert(1)"><script>alert(2)</script>\n\n[链接](javascript:alert(3))`;
    const { container } = renderUi(<>{readable.render!(hostile, { name: 'intro', label: '简介', type: 'text' })}</>);
    expect(await screen.findByRole('heading', { name: '希望工程' }, LOADED)).toBeInTheDocument();
    expect(screen.getByText('圆梦').tagName).toBe('STRONG');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeFalsy();
    expect(screen.getByText('链接').getAttribute('href') ?? '').not.toMatch(/javascript/i);
    expect(container.querySelector('textarea')).toBeNull();
  });
});
