import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { describeWidget, renderWidget, typing } from '../test-kit.tsx';

describeWidget('number', typing(12.5, '42', 42));

it("a value outside the widget's range is refused with the spec's message, not silently changed", async () => {
  const { user, control, form, value } = await renderWidget('number', { options: { min: 0, max: 100 } });
  await user.clear(control());
  await user.type(control(), '-5');
  await expect(form.validate()).rejects.toBeDefined();
  expect(await screen.findByText('数字输入框不能小于0')).toBeInTheDocument();
  expect(value()).toBe(-5);
});
