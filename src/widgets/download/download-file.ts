import { runtimeConfig } from '../../runtime/config.ts';
import { fileUrl } from '../../runtime/helpers/files.ts';
import { splitList } from '../../runtime/helpers/list-value.ts';

/**
 * The download helper of spec section 5: an empty value warns '未知的文件'; a comma list opens each file
 * on its own, since browsers download one address per navigation.
 */
export function downloadFile(
  value: unknown,
  { warn, open = (url) => window.open(url, '_blank', 'noopener') }: { warn: (text: string) => void; open?: (url: string) => void },
): string[] {
  const paths = splitList(value);
  if (paths.length === 0) {
    warn('未知的文件');
    return [];
  }
  const urls = paths.map((p) => fileUrl(p, runtimeConfig().staticDomainURL));
  for (const url of urls) open(url);
  return urls;
}
