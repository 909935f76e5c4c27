import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formItem } from '../../test-kit/render.tsx';
import { itemOf } from '../story-kit/stories.tsx';
import { renderWidget } from '../test-kit.tsx';

/* Layout widgets hold no value of their own: what matters is that the fields inside them compile and keep theirs. */
const field = (label: string, model: string, rules?: { required: boolean; message: string }[]) =>
  itemOf('input', { key: `input_${model}`, label, model, ...(rules ? { rules } : {}) });
const input = (label: string) => within(formItem(label)).getByRole('textbox');

describe('栅格布局 (grid)', () => {
  it("lays its columns out at the designer's spans; a column's field shows its value and takes what is typed", async () => {
    const { user, form, container } = await renderWidget('grid', {
      item: {
        columns: [
          { span: 16, list: [field('姓名', 'name')] },
          { span: 8, list: [field('电话', 'phone')] },
        ],
      },
      values: { name: '张伟' },
    });
    expect(input('姓名')).toHaveValue('张伟');
    expect(formItem('姓名').closest('.ant-col')).toHaveClass('ant-col-16');
    expect(formItem('电话').closest('.ant-col')).toHaveClass('ant-col-8');
    expect(container.querySelectorAll('.ant-row > .ant-col')).toHaveLength(2);

    await user.type(input('电话'), '13800000001');
    expect(form.values).toEqual({ name: '张伟', phone: '13800000001' });
  });
});

describe('卡片布局 (card)', () => {
  it('shows its title over its fields, which hold their values', async () => {
    const { user, form } = await renderWidget('card', {
      item: { label: '基本信息', list: [field('姓名', 'name'), field('学校', 'school')] },
      values: { school: '希望小学' },
    });
    const card = screen.getByText('基本信息').closest<HTMLElement>('.ant-card')!;
    expect(within(card).getByText('姓名', { selector: 'label' })).toBeInTheDocument();
    expect(input('学校')).toHaveValue('希望小学');

    await user.type(input('姓名'), '李娜');
    expect(form.values).toEqual({ name: '李娜', school: '希望小学' });
  });
});

describe('分步布局 (steps)', () => {
  const twoSteps = {
    list: [
      itemOf('card', { key: 'card_step_1', label: '基本信息', list: [field('姓名', 'name', [{ required: true, message: '请输入姓名' }])] }),
      itemOf('card', { key: 'card_step_2', label: '联系方式', list: [field('电话', 'phone', [{ required: true, message: '请输入电话' }])] }),
    ],
  };
  const step = (title: string) => screen.getByText(title, { selector: '.ant-steps-item-title' });
  const pane = (label: string) => formItem(label).closest<HTMLElement>('[data-step]')!;

  it('shows its steps by title, one at a time; 下一步 checks the current step before moving on, and every step keeps its value', async () => {
    const { user, form } = await renderWidget('steps', { item: twoSteps });
    expect(step('基本信息')).toBeInTheDocument();
    expect(step('联系方式')).toBeInTheDocument();
    expect(pane('姓名')).toBeVisible();
    expect(pane('电话')).not.toBeVisible();

    await user.click(screen.getByRole('button', { name: '下一步' }));
    expect(await within(formItem('姓名')).findByText('请输入姓名')).toBeInTheDocument();
    expect(pane('电话')).not.toBeVisible();

    await user.type(input('姓名'), '王芳');
    await user.click(screen.getByRole('button', { name: '下一步' }));
    await waitFor(() => expect(pane('电话')).toBeVisible());
    expect(pane('姓名')).not.toBeVisible();
    expect(screen.queryByRole('button', { name: '下一步' })).not.toBeInTheDocument();

    await user.type(input('电话'), '13800000003');
    await user.click(screen.getByRole('button', { name: '上一步' }));
    expect(pane('姓名')).toBeVisible();
    expect(form.values).toEqual({ name: '王芳', phone: '13800000003' });
  });

  it('a save that fails on a field of another step goes to that step', async () => {
    const { form } = await renderWidget('steps', { item: twoSteps, values: { name: '王芳' } });
    expect(pane('电话')).not.toBeVisible();

    await expect(form.submit()).rejects.toBeTruthy();
    await waitFor(() => expect(pane('电话')).toBeVisible());
    expect(within(formItem('电话')).getByText('请输入电话')).toBeInTheDocument();
  });
});

describe('表格布局 (table)', () => {
  it('puts its fields in table cells, a merged cell spanning its columns and a covered one left out, each field holding its value', async () => {
    const { user, form, container } = await renderWidget('table', {
      item: {
        trs: [
          {
            tds: [
              { colspan: 1, rowspan: 1, list: [field('姓名', 'name')] },
              { colspan: 1, rowspan: 1, list: [field('电话', 'phone')] },
            ],
          },
          {
            tds: [
              { colspan: 2, rowspan: 1, list: [field('地址', 'address')] },
              { colspan: 0, rowspan: 0, list: [] },
            ],
          },
        ],
      },
      values: { name: '张伟' },
    });
    const rows = container.querySelectorAll('table.form-layout-table tr');
    expect(rows).toHaveLength(2);
    expect(rows[0].querySelectorAll('td')).toHaveLength(2);
    expect(rows[1].querySelectorAll('td')).toHaveLength(1);
    expect(formItem('地址').closest('td')).toHaveAttribute('colspan', '2');
    expect(input('姓名')).toHaveValue('张伟');

    await user.type(input('地址'), '北京市朝阳区');
    expect(form.values).toEqual({ name: '张伟', address: '北京市朝阳区' });
  });
});

describe('分割线 (divider)', () => {
  it('shows its title on the line, placed as designed', async () => {
    await renderWidget('divider', { item: { label: '分组标题' }, options: { orientation: 'center' } });
    expect(screen.getByText('分组标题').closest('.ant-divider')).toHaveClass('ant-divider-with-text-center');
  });

  it('puts its title on the left unless told otherwise', async () => {
    await renderWidget('divider', { item: { label: '分组标题' }, options: { orientation: undefined } });
    expect(screen.getByText('分组标题').closest('.ant-divider')).toHaveClass('ant-divider-with-text-start');
  });
});

describe('警告提示 (alert)', () => {
  it('shows its message and description in its type', async () => {
    await renderWidget('alert', { item: { label: '请注意' }, options: { type: 'warning', description: '提交后不可修改', showIcon: true } });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveClass('ant-alert-warning');
    expect(within(alert).getByText('请注意')).toBeInTheDocument();
    expect(within(alert).getByText('提交后不可修改')).toBeInTheDocument();
  });
});

describe('文字 (text)', () => {
  it('shows its text aligned as designed, with the required mark when asked for', async () => {
    await renderWidget('text', { item: { label: '带必填标记的文字' }, options: { textAlign: 'center', showRequiredMark: true } });
    const text = screen.getByText('带必填标记的文字');
    expect(text).toHaveStyle({ textAlign: 'center' });
    expect(within(text).getByText('*')).toHaveClass('form-text-required');
  });

  it('shows no mark unless asked for', async () => {
    await renderWidget('text', { item: { label: '一段说明文字' } });
    expect(screen.getByText('一段说明文字')).toHaveTextContent(/^一段说明文字$/);
  });
});
