import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ExcelKind, ExcelProgress } from '../../../core/api-types.ts';
import { renderUi } from '../../../test-kit/render.tsx';
import { ExcelProgressModal, newRunKey } from './ExcelProgressModal.tsx';

/* The 导入数据 / 导出数据 window: what it says at each phase of a run, and when it may be cancelled. */

function renderRun(kind: ExcelKind, answers: (ExcelProgress | undefined)[]) {
  let i = 0;
  const runs = { progress: vi.fn(async () => answers[Math.min(i++, answers.length - 1)]), cancel: vi.fn(async () => ({})) };
  return { runs, ...renderUi(<ExcelProgressModal run={{ kind, key: 'run-test-0001' }} runs={runs} />) };
}

describe('excel progress', () => {
  it('shows an import’s rows checked out of the total, and 取消导入 asks the server to stop that run', async () => {
    const { user, runs } = renderRun('import', [undefined, { kind: 'import', phase: 'check', done: 400, total: 1000 }]);
    expect(await screen.findByText('正在上传文件…', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(await screen.findByText('正在检查数据：400 / 1000 行', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText('40%')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '取消导入' }));
    expect(runs.cancel).toHaveBeenCalledWith('run-test-0001');
  });

  it('counts the rows written, and may still cancel an import while it writes them', async () => {
    const { user, runs } = renderRun('import', [
      { kind: 'import', phase: 'write', done: 0, total: 1000 },
      { kind: 'import', phase: 'write', done: 300, total: 1000 },
    ]);
    expect(await screen.findByText('正在写入 1000 行…', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(await screen.findByText('正在写入：300 / 1000 行', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText('30%')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '取消导入' }));
    expect(runs.cancel).toHaveBeenCalledWith('run-test-0001');
  });

  it('cannot cancel a run that has ended', async () => {
    renderRun('import', [{ kind: 'import', phase: 'done', done: 1000, total: 1000 }]);
    expect(await screen.findByText('即将完成…', {}, { timeout: 3000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: '取消导入' })).toBeDisabled());
  });

  it('shows an export’s rows read out of the total under 导出数据, cancellable', async () => {
    renderRun('export', [{ kind: 'export', phase: 'read', done: 3000, total: 12000 }]);
    expect(await screen.findByText('导出数据', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(await screen.findByText('正在导出：3000 / 12000 行', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText('25%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '取消导出' })).toBeEnabled();
  });

  it('names a run with a key the server accepts', () => {
    expect(newRunKey()).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});
