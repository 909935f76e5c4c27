import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { describeWidget } from '../test-kit.tsx';

const stars = () => screen.getAllByRole('radio');

describeWidget('rate', {
  stored: 3,
  shows: () => expect(stars().map((s) => s.getAttribute('aria-checked'))).toEqual(['true', 'true', 'true', 'false', 'false']),
  enter: ({ user }) => user.click(stars()[3]),
  gives: 4,
});
