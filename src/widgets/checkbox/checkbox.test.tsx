import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { describeWidget } from '../test-kit.tsx';

/* The checked values travel as a comma list (the column stays a plain string). */
describeWidget('checkbox', {
  stored: '1,2',
  shows: () => {
    expect(screen.getByRole('checkbox', { name: '选项1' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '选项2' })).toBeChecked();
  },
  enter: async ({ user }) => {
    await user.click(screen.getByRole('checkbox', { name: '选项2' }));
    await user.click(screen.getByRole('checkbox', { name: '选项1' }));
  },
  gives: '1,2',
});
