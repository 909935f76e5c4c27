import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { describeWidget } from '../test-kit.tsx';

/* A switch stores its value pair (Y and N by default), never a boolean. */
describeWidget('switch', {
  stored: 'Y',
  shows: () => expect(screen.getByRole('switch')).toBeChecked(),
  from: 'Y',
  enter: ({ user }) => user.click(screen.getByRole('switch')),
  gives: 'N',
});
