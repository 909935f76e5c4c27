import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { renderWidget } from '../test-kit.tsx';

/* Nothing to show and nothing to enter: the hidden widget is held to carrying its value. */
it('carries its value with the record and shows nothing', async () => {
  const { form, container } = await renderWidget('hidden', { value: 'hope-2024' });
  expect(container.querySelector('input')).toBeNull();
  expect(screen.queryByText('隐藏域')).not.toBeInTheDocument();
  expect(await form.submit((values) => values)).toEqual({ hidden_value: 'hope-2024' });
});
