import { Button } from 'antd';
import type { ReactNode } from 'react';
import type { FileTicketPurpose } from '../../core/api-types.ts';
import { openStoredFiles } from './open-file.ts';

/**
 * A link-styled button opening stored files for `purpose` (each in its own window). A button, not an address:
 * a file that is not a picture is only readable with a ticket asked for at the click. A refusal is shown by
 * the HTTP client (拒绝访问, 资源未找到).
 */
export function StoredFileLink({ paths, purpose, title, children }: { paths: string[]; purpose: FileTicketPurpose; title?: string; children: ReactNode }) {
  return (
    <Button type="link" size="small" className="stored-file-link" title={title} onClick={() => void openStoredFiles(paths, purpose).catch(() => undefined)}>
      {children}
    </Button>
  );
}
