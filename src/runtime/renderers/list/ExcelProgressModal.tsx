import { Button, Modal, Progress } from 'antd';
import { useEffect, useState } from 'react';
import { CANCELLABLE_PHASES, type ExcelKind, type ExcelProgress } from '../../../core/api-types.ts';

/** How often a running import's or export's progress is asked. */
const POLL_MS = 500;
/** A small sheet is answered before this: no window flashes up for it. */
const SHOW_AFTER_MS = 600;

export interface ExcelRunApi {
  progress: (key: string) => Promise<ExcelProgress | undefined>;
  cancel: (key: string) => Promise<unknown>;
}

/** One import or export the toolbar runs, named by a key of the browser's choosing. */
export interface ExcelRunRef {
  kind: ExcelKind;
  key: string;
}

/** A key naming one run (the server accepts 8–64 of A–Z, a–z, 0–9, _ and -). */
export const newRunKey = () => `run-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

const TITLES: Record<ExcelKind, string> = { import: '导入数据', export: '导出数据' };
const CANCEL_TEXT: Record<ExcelKind, string> = { import: '取消导入', export: '取消导出' };

function describe(kind: ExcelKind, p: ExcelProgress | undefined): string {
  if (!p) return kind === 'import' ? '正在上传文件…' : '正在准备导出…';
  if (p.phase === 'check') return `正在检查数据：${p.done} / ${p.total} 行`;
  // Written in chunks (embedded database) the rows are counted; in one transaction (PostgreSQL) they are not.
  if (p.phase === 'write') return p.done ? `正在写入：${p.done} / ${p.total} 行` : `正在写入 ${p.total} 行…`;
  if (p.phase === 'read') return `正在导出：${p.done} / ${p.total} 行`;
  return kind === 'import' ? '即将完成…' : '正在生成文件…';
}

/**
 * While an import or export runs (`run` set): its rows done out of the total, and a cancel button until they
 * are all written (import) or read (export).
 */
export function ExcelProgressModal({ run, runs }: { run: ExcelRunRef | null; runs: ExcelRunApi }) {
  const [progress, setProgress] = useState<ExcelProgress>();
  const [visible, setVisible] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const key = run?.key;

  useEffect(() => {
    setProgress(undefined);
    setCancelling(false);
    if (!key) return setVisible(false);
    let stopped = false;
    const show = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    const poll = setInterval(() => {
      void runs.progress(key).then((p) => !stopped && p && setProgress(p));
    }, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(show);
      clearInterval(poll);
    };
  }, [key, runs]);

  if (!run) return null;
  const counting = progress?.phase === 'check' || progress?.phase === 'read' || (progress?.phase === 'write' && progress.done > 0);
  const percent = progress?.total ? Math.floor((counting ? progress.done / progress.total : 1) * 100) : 0;
  return (
    <Modal
      open={visible}
      title={TITLES[run.kind]}
      closable={false}
      maskClosable={false}
      footer={
        <Button
          danger
          disabled={!!progress && !CANCELLABLE_PHASES.includes(progress.phase)}
          loading={cancelling}
          onClick={() => {
            setCancelling(true);
            void runs.cancel(run.key).catch(() => setCancelling(false));
          }}
        >
          {CANCEL_TEXT[run.kind]}
        </Button>
      }
    >
      <Progress percent={percent} status={counting ? 'normal' : 'active'} />
      <p data-testid="excel-progress">{describe(run.kind, progress)}</p>
    </Modal>
  );
}
