import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { position } from '../../../test-kit/documents.ts';
import { formItem, renderUi } from '../../../test-kit/render.tsx';
import { dictionaryRoutes, fakeServer, refusal } from '../../../test-kit/server.ts';
import { loadWidgetKit } from '../../widgets/kit.ts';
import { RecordFormModal } from './RecordFormModal.tsx';

/* 新增职务: 职务管理's form in its dialog, compiled from the document with the real widget kit. */
const TAKEN = '该值不可用，系统中已存在！';

async function openAddForm() {
  const server = fakeServer({
    ...dictionaryRoutes(position),
    // 职务编码 is unique: the form asks the server as the user types; 'manager' is taken.
    'GET /sys/duplicate/check': ({ params }) => (params.fieldVal === 'manager' ? refusal(TAKEN) : null),
    'POST /system/position/add': () => ({ id: '1001' }),
  });
  // The widgets' code loads once per file; the dialog's fields then come at once.
  await loadWidgetKit();
  const onSaved = vi.fn();
  const view = renderUi(<RecordFormModal doc={position} mode="add" onClose={() => {}} onSaved={onSaved} />);
  expect(await screen.findByRole('dialog', { name: '新增职务' })).toBeInTheDocument();
  // 确定 waits for the form's fields to mount.
  const ok = screen.getByRole('button', { name: '确 定' });
  await waitFor(() => expect(ok).toBeEnabled());
  return { ...view, server, onSaved, ok };
}

describe('record form', () => {
  it('确定 with the required fields empty shows their messages and sends nothing', async () => {
    const { user, server, ok } = await openAddForm();
    await user.click(ok);
    expect(await screen.findByText('请输入职务编码!')).toBeInTheDocument();
    expect(screen.getByText('请输入职务名称!')).toBeInTheDocument();
    expect(server.sentTo('POST /system/position/add')).toEqual([]);
  });

  it("a code already taken shows the server's message as it is typed", async () => {
    const { user, server } = await openAddForm();
    await user.type(within(formItem('职务编码')).getByRole('textbox'), 'manager');
    expect(await screen.findByText(TAKEN)).toBeInTheDocument();
    expect(server.sentTo('GET /sys/duplicate/check').at(-1)?.params).toEqual({ tableName: 'sys_position', fieldName: 'code', fieldVal: 'manager' });
  });

  it('a filled form sends its values to add and tells the list', async () => {
    const { user, server, onSaved, ok } = await openAddForm();
    await user.type(within(formItem('职务编码')).getByRole('textbox'), 'teacher');
    await user.type(within(formItem('职务名称')).getByRole('textbox'), '支教老师');
    await user.click(within(formItem('职级')).getByRole('combobox'));
    await user.click(await screen.findByTitle('中级'));
    await user.click(ok);

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(server.sentTo('POST /system/position/add').map((r) => r.body)).toEqual([{ code: 'teacher', name: '支教老师', postRank: '3' }]);
  });
});
