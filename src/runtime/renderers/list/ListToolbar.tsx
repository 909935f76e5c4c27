import { DeleteOutlined, DownloadOutlined, PlusOutlined, SettingOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Checkbox, Modal, message, Popover, Space } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { CANCELLED, type Envelope, type ExcelKind } from '../../../core/api-types.ts';
import { RequestFailure } from '../../schema/api.ts';
import type { ColumnDef } from '../../../core/schema/types.generated.ts';
import { ExcelProgressModal, type ExcelRunApi, type ExcelRunRef, newRunKey } from './ExcelProgressModal.tsx';

export interface ToolbarProps {
  can: (action: string) => boolean;
  actions: string[];
  selectedCount: number;
  onAdd: () => void;
  /** Downloads the list's rows under a run key (the entity's exportXls). */
  onExport: (key: string) => Promise<void>;
  /** Uploads a workbook under a run key (the entity's importExcel); a refusal is a RequestFailure carrying the rows it refused. */
  importFile: (file: File, key: string) => Promise<Envelope>;
  /** The progress and cancelling of an import run. */
  excelRuns: ExcelRunApi;
  onImported: () => void;
  onBatchDelete: () => void;
  columns: readonly ColumnDef[];
  visibility: Record<string, boolean>;
  onVisibilityChange: (v: Record<string, boolean>) => void;
  /** Buttons a screen adds after the standard ones (the recycle bin). */
  extra?: ReactNode;
}

type ImportErrors = { errors?: { row: number; messages: string[] }[] };

function showImportErrors(failure: RequestFailure) {
  const errors = (failure.envelope?.result as ImportErrors | null)?.errors ?? [];
  Modal.error({
    title: failure.message || '导入失败',
    width: 640,
    content: (
      <ul className="import-errors">
        {errors.slice(0, 50).map((e) => (
          <li key={e.row}>
            第{e.row}行：{e.messages.join('；')}
          </li>
        ))}
      </ul>
    ),
  });
}

/** Toolbar of a list: add, export, import, batch delete and column settings, each behind its permission. */
export function ListToolbar(p: ToolbarProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const shows = (action: string) => p.actions.includes(action) && p.can(action);

  const [run, setRun] = useState<ExcelRunRef | null>(null);

  /** Runs an import or export under a new key, with its progress window; a cancelled run ends with a notice. */
  async function runExcel(kind: ExcelKind, work: (key: string) => Promise<void>, refused: (e: Error) => void) {
    setBusy(kind);
    const key = newRunKey();
    setRun({ kind, key });
    try {
      await work(key);
    } catch (e) {
      if (e instanceof Error && e.message === CANCELLED[kind]) message.info(CANCELLED[kind]);
      else if (e instanceof Error) refused(e);
    } finally {
      setRun(null);
      setBusy(null);
    }
  }

  function importFile(file: File) {
    void runExcel(
      'import',
      async (key) => {
        const result = await p.importFile(file, key);
        message.success(result.message);
        p.onImported();
      },
      (e) => e instanceof RequestFailure && showImportErrors(e),
    ).finally(() => {
      if (fileInput.current) fileInput.current.value = '';
    });
  }

  const settings = (
    <div className="column-settings">
      {p.columns.map((c) => (
        <div key={c.dataIndex}>
          <Checkbox checked={p.visibility[c.dataIndex] !== false} onChange={(e) => p.onVisibilityChange({ ...p.visibility, [c.dataIndex]: e.target.checked })}>
            {c.title ?? c.dataIndex}
          </Checkbox>
        </div>
      ))}
    </div>
  );

  return (
    <div className="list-toolbar">
      <Space wrap>
        {shows('add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={p.onAdd}>
            新增
          </Button>
        )}
        {shows('export') && (
          <Button icon={<DownloadOutlined />} loading={busy === 'export'} onClick={() => void runExcel('export', p.onExport, (e) => message.error(e.message))}>
            导出
          </Button>
        )}
        {shows('import') && (
          <>
            <Button icon={<UploadOutlined />} loading={busy === 'import'} onClick={() => fileInput.current?.click()}>
              导入
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept=".xlsx"
              hidden
              data-testid="import-input"
              onChange={(e) => e.target.files?.[0] && importFile(e.target.files[0])}
            />
          </>
        )}
        {shows('batchDelete') && p.selectedCount > 0 && (
          <Button danger icon={<DeleteOutlined />} onClick={p.onBatchDelete}>
            批量删除
          </Button>
        )}
        {p.extra}
      </Space>
      <ExcelProgressModal run={run} runs={p.excelRuns} />
      <Popover content={settings} title="列设置" trigger="click" placement="bottomRight">
        <Button icon={<SettingOutlined />} aria-label="列设置" />
      </Popover>
    </div>
  );
}
