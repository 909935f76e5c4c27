import { Button, Modal, Progress } from 'antd';
import { useEffect, useState } from 'react';
import type { ImportProgress } from '../../../core/api-types.ts';

/** How often a running import's progress is asked. */
const POLL_MS = 500;
/** A small sheet is answered before this: no window flashes up for it. */
const SHOW_AFTER_MS = 600;

export interface ImportRunApi {
  progress: (key: string) => Promise<ImportProgress | undefined>;
  cancel: (key: string) => Promise<unknown>;
}

/** A key naming one import (the server accepts 8–64 of A–Z, a–z, 0–9, _ and -). */
export const newImportKey = () => `imp-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

const describe = (p: ImportProgress | undefined) =>
  !p ? '正在上传文件…' : p.phase === 'check' ? `正在检查数据：${p.done} / ${p.total} 行` : p.phase === 'write' ? `正在写入 ${p.total} 行…` : '即将完成…';

/**
 * While an import runs (`runKey` set): its rows checked out of the total, and 取消导入 while they are being
 * checked (once writing has begun the import finishes as one transaction and can no longer be stopped).
 */
export function ImportProgressModal({ runKey, runs }: { runKey: string | null; runs: ImportRunApi }) {
  const [progress, setProgress] = useState<ImportProgress>();
  const [visible, setVisible] = useState(false);
  const [cancelling, setCancelling] = useState(false);

  useEffect(() => {
    setProgress(undefined);
    setCancelling(false);
    if (!runKey) return setVisible(false);
    let stopped = false;
    const show = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    const poll = setInterval(() => {
      void runs.progress(runKey).then((p) => !stopped && p && setProgress(p));
    }, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(show);
      clearInterval(poll);
    };
  }, [runKey, runs]);

  const percent = progress?.total ? Math.floor((progress.phase === 'check' ? progress.done / progress.total : 1) * 100) : 0;
  return (
    <Modal
      open={visible && !!runKey}
      title="导入数据"
      closable={false}
      maskClosable={false}
      footer={
        <Button
          danger
          disabled={!!progress && progress.phase !== 'check'}
          loading={cancelling}
          onClick={() => {
            setCancelling(true);
            void runs.cancel(runKey!).catch(() => setCancelling(false));
          }}
        >
          取消导入
        </Button>
      }
    >
      <Progress percent={percent} status={progress?.phase === 'write' ? 'active' : 'normal'} />
      <p data-testid="import-progress">{describe(progress)}</p>
    </Modal>
  );
}
