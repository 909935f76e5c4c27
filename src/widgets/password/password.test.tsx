import { expect, it } from 'vitest';
import { describeWidget, renderWidget, typing } from '../test-kit.tsx';

describeWidget('password', typing('hope@2024', 's3cret!'));

it('keeps what is typed out of sight', async () => {
  const { control } = await renderWidget('password', { value: 'hope@2024' });
  expect(control()).toHaveAttribute('type', 'password');
});
