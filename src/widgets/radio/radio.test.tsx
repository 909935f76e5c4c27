import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { describeWidget } from '../test-kit.tsx';

/* The scaffold's static options: 1 选项1, 2 选项2. */
describeWidget('radio', {
  stored: '2',
  shows: () => {
    expect(screen.getByRole('radio', { name: '选项2' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '选项1' })).not.toBeChecked();
  },
  enter: ({ user }) => user.click(screen.getByRole('radio', { name: '选项1' })),
  gives: '1',
});
