import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { downloadFile } from './download-file.ts';

/** The download widget: a button opening the file(s) its value names; it never edits the value. */
export function DownloadField({ value, disabled, text }: { value?: string; disabled?: boolean; text?: string }) {
  const { message } = App.useApp();
  return (
    <Button icon={<DownloadOutlined />} disabled={disabled} onClick={() => void downloadFile(value, (t) => message.warning(t)).catch(() => undefined)}>
      {text || '下载'}
    </Button>
  );
}
