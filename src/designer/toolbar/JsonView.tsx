import { App, Button, Modal } from 'antd';
import type { ReactNode } from 'react';

/* A read-only text view with a copy button: export JSON, the preview's data and the code view share it. */
export const MODAL_WIDTH = 850;

/** Clipboard copy with the fallback older browsers and insecure origins need. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}

export function JsonView({
  title,
  text,
  onClose,
  children,
  testId,
}: {
  title: string;
  text: string;
  onClose: () => void;
  children?: ReactNode;
  testId?: string;
}) {
  const { message } = App.useApp();
  const copy = () => copyText(text).then((ok) => (ok ? message.success('复制成功') : message.error('复制失败')));
  return (
    <Modal
      open
      title={title}
      width={MODAL_WIDTH}
      onCancel={onClose}
      footer={[
        <Button key="copy" type="primary" onClick={copy}>
          复制
        </Button>,
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
      ]}
    >
      {children}
      <pre className="fd-code" data-testid={testId}>
        {text}
      </pre>
    </Modal>
  );
}
