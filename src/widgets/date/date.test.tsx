import { expect } from 'vitest';
import { describeWidget } from '../test-kit.tsx';

/* Dates travel as text in the widget's format (YYYY-MM-DD). */
describeWidget('date', {
  stored: '2024-05-01',
  shows: ({ control }) => expect(control()).toHaveValue('2024-05-01'),
  enter: async ({ user, control }) => {
    await user.click(control());
    await user.keyboard('2024-06-18{Enter}');
  },
  gives: '2024-06-18',
});
