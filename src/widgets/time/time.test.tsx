import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { describeWidget, renderWidget } from '../test-kit.tsx';

/* Times travel as text in the widget's format (HH:mm:ss unless the designer set another). */
describeWidget('time', {
  stored: '08:30:00',
  shows: ({ control }) => expect(control()).toHaveValue('08:30:00'),
  enter: async ({ user, control }) => {
    await user.click(control());
    await user.keyboard('14:05:30{Enter}');
  },
  gives: '14:05:30',
});

describe('时间选择框 (time)', () => {
  it("stores the time in the designer's format", async () => {
    const { user, control, value } = await renderWidget('time', { value: '09:15', options: { format: 'HH:mm' } });
    expect(control()).toHaveValue('09:15');
    await user.click(control());
    await user.keyboard('{Control>}a{/Control}18:40{Enter}');
    await waitFor(() => expect(value()).toBe('18:40'));
  });

  it('a required time left empty says so', async () => {
    const { form, field } = await renderWidget('time', { item: { rules: [{ required: true, message: '请选择时间' }] } });
    await expect(form.validate()).rejects.toBeTruthy();
    expect(await within(field()).findByText('请选择时间')).toBeInTheDocument();
  });
});
