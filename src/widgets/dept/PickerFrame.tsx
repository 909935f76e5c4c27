import { CloseCircleFilled } from '@ant-design/icons';
import { Button, Input, Modal } from 'antd';
import type { ReactNode } from 'react';

/*
 * The frame the department and user pickers share: a read-only input showing the picked names (a clear
 * icon while it holds a value and the picker is editable, else the picker's own icon, which opens it) and
 * the modal, closed by 关闭 or confirmed by 确定.
 */
export interface PickerFrameProps {
  text: string;
  placeholder: string;
  disabled?: boolean;
  /** disabled or readOnly: no clear icon */
  locked?: boolean;
  hasValue: boolean;
  /** the picker's icon, opening it when clicked */
  icon: ReactNode;
  testId: string;
  className?: string;
  onOpen: () => void;
  onClear: () => void;
  title: string;
  width: number;
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  children: ReactNode;
}

export function PickerFrame(p: PickerFrameProps) {
  const clear = (e: React.MouseEvent) => {
    e.stopPropagation();
    p.onClear();
  };
  return (
    <>
      <Input
        readOnly
        disabled={p.disabled}
        value={p.text}
        placeholder={p.placeholder}
        onClick={p.onOpen}
        className={p.className}
        data-testid={p.testId}
        suffix={!p.locked && p.hasValue ? <CloseCircleFilled className="widget-picker-clear" aria-label="清除" onClick={clear} /> : p.icon}
      />
      <Modal
        title={p.title}
        open={p.open}
        width={p.width}
        onCancel={p.onClose}
        destroyOnHidden
        footer={[
          <Button key="close" onClick={p.onClose}>
            关闭
          </Button>,
          <Button key="ok" type="primary" onClick={p.onConfirm}>
            确定
          </Button>,
        ]}
      >
        {p.children}
      </Modal>
    </>
  );
}
