import { screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { renderUi } from '../../test-kit/render.tsx';
import { widgetOf } from '../registry.ts';
import { describeWidget, renderWidget, type WidgetView } from '../test-kit.tsx';

/* Quill runs in jsdom well enough to show, type and format; its picture button (a native file dialog) is left to the stories. */
const STORED = '<p><span style="font-size: 24px;">希望工程</span>助学<strong>项目</strong>简介</p>';

/** Quill's editable area, once the editor's chunk has loaded (a skeleton shows until then). */
const editable = async ({ field }: WidgetView) => {
  await waitFor(() => expect(field().querySelector('.ql-editor')).not.toBeNull());
  return field().querySelector<HTMLElement>('.ql-editor')!;
};

/** Clicks into the editor with the caret in its first paragraph. */
const clickIn = async (view: WidgetView) => {
  const area = await editable(view);
  await view.user.click(area);
  // jsdom leaves a click's caret on the editing box itself, where Quill takes what is typed as a new paragraph;
  // a browser puts it in the paragraph.
  document.getSelection()!.collapse(area.querySelector('p'), 0);
};

describeWidget('editor', {
  stored: STORED,
  shows: async () => {
    expect(await screen.findByText('希望工程')).toHaveStyle({ fontSize: '24px' });
    expect(screen.getByText('项目').tagName).toBe('STRONG');
  },
  enter: async (view) => {
    await clickIn(view);
    await view.user.keyboard('捐赠须知');
  },
  gives: '<p>捐赠须知</p>',
});

it("the toolbar's bold is stored as HTML", async () => {
  const view = await renderWidget('editor');
  await clickIn(view);
  await view.user.click(view.field().querySelector('button.ql-bold')!);
  await view.user.keyboard('重点');
  await waitFor(() => expect(view.value()).toBe('<p><strong>重点</strong></p>'));
});

it('required and left empty, the form is refused with its message', async () => {
  const view = await renderWidget('editor', { item: { rules: [{ required: true, message: '请输入正文' }] } });
  await editable(view);
  await expect(view.form.validate()).rejects.toBeDefined();
  expect(await screen.findByText('请输入正文')).toBeInTheDocument();
});

it('emptied by the user, it holds no value and a required check still refuses it', async () => {
  const view = await renderWidget('editor', { value: '<p>旧内容</p>', item: { rules: [{ required: true, message: '请输入正文' }] } });
  await clickIn(view);
  await view.user.keyboard('{Control>}a{/Control}{Backspace}');
  await waitFor(() => expect(view.value()).toBe(''));
  await expect(view.form.validate()).rejects.toBeDefined();
  expect(await screen.findByText('请输入正文')).toBeInTheDocument();
});

it('disabled, it shows the text without a toolbar and cannot be edited', async () => {
  const view = await renderWidget('editor', { value: STORED, options: { disabled: true } });
  expect(await editable(view)).toHaveAttribute('contenteditable', 'false');
  expect(view.field().querySelector('.ql-toolbar')).toBeNull();
  expect(screen.getByText('希望工程')).toBeInTheDocument();
});

it('a detail shows the stored HTML formatted, across the whole row, with scripts and handlers removed', () => {
  const readable = widgetOf('editor')!.readable!;
  expect(readable.wide).toBe(true);
  renderUi(
    <div data-testid="detail">
      {readable.render!(`${STORED}<script>alert(1)</script><img src="x" onerror="alert(2)">`, { name: 'content', label: '正文', type: 'text' })}
    </div>,
  );
  expect(screen.getByText('项目').tagName).toBe('STRONG');
  expect(screen.getByText('希望工程')).toHaveStyle({ fontSize: '24px' });
  const detail = screen.getByTestId('detail');
  expect(detail.querySelector('script')).toBeNull();
  expect(detail).not.toHaveTextContent('alert(1)');
  expect(detail.querySelector('img')).not.toHaveAttribute('onerror');
});
