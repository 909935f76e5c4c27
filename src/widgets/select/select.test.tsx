import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { describeWidget } from '../test-kit.tsx';

/* The scaffold's static options: 1 下拉框1, 2 下拉框2. */
describeWidget('select', {
  stored: '2',
  shows: ({ field }) => expect(within(field()).getByText('下拉框2')).toBeInTheDocument(),
  enter: async ({ user, field }) => {
    await user.click(within(field()).getByRole('combobox'));
    await user.click(await screen.findByTitle('下拉框1'));
  },
  gives: '1',
});
