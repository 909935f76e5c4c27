import { createForm } from '@formily/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { WidgetItem } from '../../core/schema/types.generated.ts';
import { SchemaForm } from '../../runtime/renderers/form/SchemaForm.tsx';
import { loadWidgetKit } from '../../runtime/widgets/kit.ts';
import { renderUi } from '../../test-kit/render.tsx';
import { itemOf } from '../story-kit/stories.tsx';
import { renderWidget } from '../test-kit.tsx';
import { registerButtonHandler } from './handlers.ts';

/* The button acts on the form around it, so it is rendered beside a required 姓名 (renderWidget renders one item). */
const NAME = itemOf('input', { key: 'name', label: '姓名', model: 'name', rules: [{ required: true, message: '请输入姓名' }] });

async function renderWithName(button: WidgetItem, values?: Record<string, unknown>) {
  await loadWidgetKit();
  const form = createForm({ initialValues: values });
  const view = renderUi(<SchemaForm formDef={{ list: [NAME, button], config: { layout: 'horizontal' } }} form={form} />);
  // Labels of four characters: antd spaces out a two-character Chinese label (提 交).
  return { ...view, form, name: () => screen.getByRole('textbox'), button: () => screen.findByRole('button', { name: button.label }) };
}

describe('按钮 (button)', () => {
  it('submit validates the form: an empty required field shows its message, a filled form is passed', async () => {
    const { user, name, button } = await renderWithName(itemOf('button', { label: '提交表单' }));
    await user.click(await button());
    expect(await screen.findByText('请输入姓名')).toBeInTheDocument();
    expect(screen.queryByText('表单校验通过')).not.toBeInTheDocument();

    await user.type(name(), '张三');
    await user.click(await button());
    expect(await screen.findByText('表单校验通过')).toBeInTheDocument();
  });

  it('reset empties every field', async () => {
    const { user, form, name, button } = await renderWithName(itemOf('button', { label: '清空表单' }, { type: 'default', handle: 'reset' }), { name: '张三' });
    expect(name()).toHaveValue('张三');
    await user.click(await button());
    expect(name()).toHaveValue('');
    expect(form.values.name).toBeUndefined();
  });

  it("dynamic runs the handler registered under its name with the form's values", async () => {
    const handler = vi.fn();
    // Handlers live in a module-wide registry that outlives this test (the component project shares modules).
    const unregister = registerButtonHandler('notifyDonor', handler);
    try {
      const { user, button } = await renderWithName(itemOf('button', { label: '通知捐赠人' }, { handle: 'dynamic', dynamicFun: 'notifyDonor' }), {
        name: '张三',
      });
      await user.click(await button());
      expect(handler).toHaveBeenCalledWith({ name: '张三' });
    } finally {
      unregister();
    }
  });

  it('a function name nobody registered only warns', async () => {
    const { user, form, button } = await renderWithName(itemOf('button', { label: '自定义操作' }, { handle: 'dynamic', dynamicFun: 'doSomething' }), {
      name: '张三',
    });
    await user.click(await button());
    expect(await screen.findByText('未找到按钮处理函数: doSomething')).toBeInTheDocument();
    expect(form.values).toEqual({ name: '张三' });
  });

  it("shows its label in the designer's kind: primary, dashed, danger (a red primary), else default", async () => {
    const kinds = { primary: ['ant-btn-primary'], dashed: ['ant-btn-dashed'], danger: ['ant-btn-primary', 'ant-btn-dangerous'], default: ['ant-btn-default'] };
    for (const [type, classes] of Object.entries(kinds)) {
      const { unmount } = await renderWidget('button', { item: { label: `${type}按钮` }, options: { type } });
      expect(await screen.findByRole('button', { name: `${type}按钮` })).toHaveClass(...classes);
      unmount();
    }
  });

  it('the 禁用 option, or a disabled form, disables it', async () => {
    const { unmount } = await renderWithName(itemOf('button', { label: '提交表单' }, { disabled: true }));
    expect(await screen.findByRole('button', { name: '提交表单' })).toBeDisabled();
    unmount();
    const { form, button } = await renderWithName(itemOf('button', { label: '提交表单' }));
    expect(await button()).toBeEnabled();
    form.setPattern('disabled');
    await waitFor(async () => expect(await button()).toBeDisabled());
  });
});
