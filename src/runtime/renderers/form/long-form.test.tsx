import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicationOf } from '../../../core/publication.ts';
import { formItem, renderUi } from '../../../test-kit/render.tsx';
import { fieldsInView, ScreenObserver } from '../../../test-kit/screen-observer.ts';
import { thousandFields } from '../../../test-kit/thousand-fields.ts';
import { fakeServer } from '../../../test-kit/server.ts';
import { loadWidgetKit } from '../../widgets/kit.ts';
import { RecordFormModal } from './RecordFormModal.tsx';

/*
 * A form of 1,000 fields (ten cards of a two-column grid) draws only what is near the screen, and still
 * validates and sends every field. jsdom has no layout: ScreenObserver (the test kit) plays the screen.
 */
const SCREEN = fieldsInView();

const doc = publicationOf(thousandFields(), { desformCode: 'thousand', desformName: '千项表单' }).main;

async function openLongForm() {
  const server = fakeServer({ 'POST /online/thousand/add': () => ({ id: '1' }) });
  await loadWidgetKit();
  const onSaved = vi.fn();
  const view = renderUi(<RecordFormModal doc={doc} mode="add" onClose={() => {}} onSaved={onSaved} />);
  const ok = await screen.findByRole('button', { name: '确 定' });
  await waitFor(() => expect(ok).toBeEnabled());
  await waitFor(() => expect(document.querySelectorAll('.ant-formily-item')).toHaveLength(SCREEN));
  return { ...view, server, onSaved, ok };
}

// A thousand fields in jsdom take seconds on a busy machine.
describe('a 1,000-field form', { timeout: 90_000 }, () => {
  beforeEach(() => vi.stubGlobal('IntersectionObserver', ScreenObserver));
  afterEach(() => vi.unstubAllGlobals());

  it('draws only the fields near the screen, the cards below as placeholders', async () => {
    await openLongForm();
    // Stays so: nothing else is near the screen.
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelectorAll('.ant-formily-item')).toHaveLength(SCREEN);
    expect(screen.getAllByRole('textbox')).toHaveLength(SCREEN);
    expect(screen.queryByText('第2组')).not.toBeInTheDocument();
    expect(document.querySelectorAll('[data-on-screen="pending"]').length).toBeGreaterThan(50);
  });

  it('确定 checks every field, a field never drawn too, and draws the one that failed', async () => {
    const { user, server, ok } = await openLongForm();
    await user.type(within(formItem('字段1')).getByRole('textbox'), 'a');
    expect(screen.queryByText('字段1000', { selector: 'label' })).not.toBeInTheDocument();
    await user.click(ok);
    // The last card and the last field's item draw with the message; the rest stays undrawn.
    expect(await screen.findByText('请输入字段1000')).toBeInTheDocument();
    expect(screen.getByText('第10组')).toBeInTheDocument();
    expect(screen.queryByText('请输入字段1')).not.toBeInTheDocument();
    expect(document.querySelectorAll('.ant-formily-item').length).toBeLessThan(3 * SCREEN);
    expect(server.sentTo('POST /online/thousand/add')).toEqual([]);
  });

  it('sends every field: what was typed, and the defaults of fields never drawn', async () => {
    const { user, server, ok, onSaved } = await openLongForm();
    await user.type(within(formItem('字段1')).getByRole('textbox'), 'a');
    await user.click(ok);
    await user.type(within(await waitFor(() => formItem('字段1000'))).getByRole('textbox'), 'z');
    await user.click(ok);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [sent] = server.sentTo('POST /online/thousand/add');
    expect(sent.body).toMatchObject({ f0001: 'a', f0999: '默认值', f1000: 'z' });
    expect(document.querySelectorAll('.ant-formily-item').length).toBeLessThan(3 * SCREEN);
  });
});
