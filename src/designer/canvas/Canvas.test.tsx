import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test-kit/render.tsx';
import { fieldsInView, ScreenObserver } from '../../test-kit/screen-observer.ts';
import { thousandFields } from '../../test-kit/thousand-fields.ts';
import { FormDesigner } from '../FormDesigner.tsx';

/*
 * The designer's canvas on a long form (300 fields here, a thousand in the bench): every item is there (its frame, label and drop zones:
 * selecting, dragging and dropping work on all of them), but only the looks of the items near the screen
 * are drawn. jsdom has no layout: ScreenObserver (the test kit) plays the screen.
 */
describe('the canvas of a long form', { timeout: 90_000 }, () => {
  beforeEach(() => vi.stubGlobal('IntersectionObserver', ScreenObserver));
  afterEach(() => vi.unstubAllGlobals());

  it('holds every item and draws the controls of those near the screen only', async () => {
    const { user } = renderUi(<FormDesigner initial={thousandFields(3)} />);
    const canvas = await screen.findByTestId('designer-canvas');
    await waitFor(() => expect(canvas.querySelectorAll('.fd-control input').length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 50));
    expect(canvas.querySelectorAll('.fd-item[data-type="input"]')).toHaveLength(300);
    expect(canvas.querySelectorAll('.fd-control input').length).toBeLessThanOrEqual(2 * fieldsInView());
    expect(canvas.querySelectorAll('[data-on-screen="pending"]').length).toBeGreaterThan(250);

    // An item far below is selected like any other.
    await user.click(screen.getByRole('group', { name: '字段300' }));
    expect(screen.getByRole('group', { name: '字段300' })).toHaveClass('fd-item-selected');
  });
});
