import { CloseOutlined, CodeOutlined, DeleteOutlined, DownloadOutlined, EyeOutlined, SaveOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import type { FormDef, SchemaDocument } from '../../core/schema/types.generated.ts';
import { useStores } from '../context.ts';
import type { PublishMeta } from '../../core/publication.ts';
import { replaceForm, resetList } from '../state/designer.ts';
import { formJson, formProblems, saveForm } from '../state/io.ts';
import { CodeModal } from './CodeModal.tsx';
import { ImportModal } from './ImportModal.tsx';
import { JsonView } from './JsonView.tsx';
import { PreviewModal } from './PreviewModal.tsx';

/* 保存, 预览, 导入JSON, 导出JSON, 导出代码, 重置, 关闭 (spec section 2). Modals read the form when they open. */
type ModalName = 'preview' | 'import' | 'json' | 'code';

/** A button the host page adds after 保存 (发布, 打开): `checked` ones get the form only when it passes the save checks. */
export interface ToolbarAction {
  label: string;
  icon: ReactNode;
  checked?: boolean;
  onClick: (def: FormDef) => void;
}

export interface ToolbarProps {
  onSave?: (def: FormDef) => void;
  actions?: ToolbarAction[];
  /** An online form: the code view shows what publishing it puts in force. */
  online?: PublishMeta;
  onClose?: () => void;
  /** The schema document the form was opened from, for the code view. */
  document?: SchemaDocument;
}

export function Toolbar({ onSave, onClose, document, actions = [], online }: ToolbarProps) {
  const { designer } = useStores();
  const { message, modal } = App.useApp();
  // A modal works on the form as it was when the modal opened.
  const [open, setOpen] = useState<{ name: ModalName; def: FormDef } | null>(null);
  const def = () => saveForm(designer.get().def);
  const show = (name: ModalName) => () => setOpen({ name, def: def() });
  const close = () => setOpen(null);

  /** The form when it passes the save checks; otherwise says why and gives nothing. */
  const checkedDef = (refused: string) => {
    const problems = formProblems(def());
    if (problems.length) {
      message.error(`表单有误，${refused}：${problems.slice(0, 3).join('；')}`);
      return null;
    }
    return def();
  };
  const save = () => {
    const checked = checkedDef('未保存');
    if (checked) onSave?.(checked);
  };
  const extra = actions.map((a): [string, ReactNode, () => void] => [
    a.label,
    a.icon,
    () => {
      const checked = a.checked ? checkedDef(`未${a.label}`) : def();
      if (checked) a.onClick(checked);
    },
  ]);
  const reset = () =>
    modal.confirm({ title: '提示', content: '确定要清空全部控件吗？', okText: '确定', cancelText: '取消', onOk: () => designer.update(resetList) });

  const buttons: [string, ReactNode, () => void][] = [
    ['保存', <SaveOutlined key="i" />, save],
    ...extra,
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
      {open?.name === 'code' && <CodeModal def={open.def} base={document} online={online} onClose={close} />}
    </div>
  );
}
