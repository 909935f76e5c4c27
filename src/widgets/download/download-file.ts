import { openStoredFiles } from '../../runtime/files/open-file.ts';
import { splitList } from '../../runtime/helpers/list-value.ts';

/**
 * The download helper of spec section 5: an empty value warns '未知的文件'; a comma list opens each file
 * on its own, since browsers download one address per navigation (files other than pictures by a ticket).
 */
export async function downloadFile(value: unknown, warn: (text: string) => void): Promise<string[]> {
  const paths = splitList(value);
  if (paths.length === 0) {
    warn('未知的文件');
    return [];
  }
  return openStoredFiles(paths, 'download');
}
