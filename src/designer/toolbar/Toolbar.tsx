import { CloseOutlined, CodeOutlined, DeleteOutlined, DownloadOutlined, EyeOutlined, SaveOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import type { FormDef, SchemaDocument } from '../../runtime/schema/types.generated.ts';
import { useStores } from '../context.ts';
import { replaceForm, resetList } from '../state/designer.ts';
import { formJson, formProblems, saveForm } from '../state/io.ts';
import { CodeModal } from './CodeModal.tsx';
import { ImportModal } from './ImportModal.tsx';
import { JsonView } from './JsonView.tsx';
import { PreviewModal } from './PreviewModal.tsx';

/* 保存, 预览, 导入JSON, 导出JSON, 导出代码, 重置, 关闭 (spec section 2). Modals read the form when they open. */
type ModalName = 'preview' | 'import' | 'json' | 'code';

export interface ToolbarProps {
  onSave?: (def: FormDef) => void;
  onClose?: () => void;
  /** The schema document the form was opened from, for the code view. */
  document?: SchemaDocument;
}

export function Toolbar({ onSave, onClose, document }: ToolbarProps) {
  const { designer } = useStores();
  const { message, modal } = App.useApp();
  // A modal works on the form as it was when the modal opened.
  const [open, setOpen] = useState<{ name: ModalName; def: FormDef } | null>(null);
  const def = () => saveForm(designer.get().def);
  const show = (name: ModalName) => () => setOpen({ name, def: def() });
  const close = () => setOpen(null);

  const save = () => {
    const problems = formProblems(def());
    if (problems.length) {
      message.error(`表单有误，未保存：${problems.slice(0, 3).join('；')}`);
      return;
    }
    onSave?.(def());
  };
  const reset = () =>
    modal.confirm({ title: '提示', content: '确定要清空全部控件吗？', okText: '确定', cancelText: '取消', onOk: () => designer.update(resetList) });

  const buttons: [string, ReactNode, () => void][] = [
    ['保存', <SaveOutlined key="i" />, save],
    ['预览', <EyeOutlined key="i" />, show('preview')],
    ['导入JSON', <UploadOutlined key="i" />, show('import')],
    ['导出JSON', <DownloadOutlined key="i" />, show('json')],
    ['导出代码', <CodeOutlined key="i" />, show('code')],
    ['重置', <DeleteOutlined key="i" />, reset],
    ['关闭', <CloseOutlined key="i" />, () => onClose?.()],
  ];
  return (
    <div className="fd-toolbar">
      <Space size={4} wrap>
        {buttons.map(([label, icon, onClick]) => (
          <Button key={label} type="text" size="small" icon={icon} onClick={onClick}>
            {label}
          </Button>
        ))}
      </Space>
      {open?.name === 'preview' && <PreviewModal def={open.def} onClose={close} />}
      {open?.name === 'import' && <ImportModal onImport={(next) => designer.update((s) => replaceForm(s, next))} onClose={close} />}
      {open?.name === 'json' && <JsonView title="导出JSON" text={formJson(open.def)} onClose={close} testId="json-view" />}
      {open?.name === 'code' && <CodeModal def={open.def} base={document} onClose={close} />}
    </div>
  );
}
