import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ImportProgress } from '../../../core/api-types.ts';
import { renderUi } from '../../../test-kit/render.tsx';
import { ImportProgressModal, newImportKey } from './ImportProgressModal.tsx';

/* The 导入数据 window: what it says at each phase of a run, and when 取消导入 may be pressed. */

function renderRun(answers: (ImportProgress | undefined)[]) {
  let i = 0;
  const runs = { progress: vi.fn(async () => answers[Math.min(i++, answers.length - 1)]), cancel: vi.fn(async () => ({})) };
  return { runs, ...renderUi(<ImportProgressModal runKey="imp-test-0001" runs={runs} />) };
}

describe('import progress', () => {
  it('shows the rows checked out of the total, and 取消导入 asks the server to stop that run', async () => {
    const { user, runs } = renderRun([undefined, { phase: 'check', done: 400, total: 1000 }]);
    expect(await screen.findByText('正在上传文件…', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(await screen.findByText('正在检查数据：400 / 1000 行', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText('40%')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '取消导入' }));
    expect(runs.cancel).toHaveBeenCalledWith('imp-test-0001');
  });

  it('cannot be cancelled once the rows are being written', async () => {
    renderRun([{ phase: 'write', done: 0, total: 1000 }]);
    expect(await screen.findByText('正在写入 1000 行…', {}, { timeout: 3000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: '取消导入' })).toBeDisabled());
  });

  it('names a run with a key the server accepts', () => {
    expect(newImportKey()).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});
