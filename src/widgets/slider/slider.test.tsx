import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { describeWidget } from '../test-kit.tsx';

/*
 * jsdom lays nothing out, so the handle moves by keyboard, a step (1) at a time; fireEvent, because the
 * slider reads the key's legacy keyCode, which user-event leaves at 0.
 */
describeWidget('slider', {
  stored: 30,
  shows: () => expect(screen.getByRole('slider')).toHaveAttribute('aria-valuenow', '30'),
  from: 30,
  enter: async () => {
    fireEvent.keyDown(screen.getByRole('slider'), { key: 'ArrowRight', keyCode: 39 });
    fireEvent.keyDown(screen.getByRole('slider'), { key: 'ArrowRight', keyCode: 39 });
  },
  gives: 32,
});
