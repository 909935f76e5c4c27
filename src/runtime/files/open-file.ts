import type { FileTicketPurpose } from '../../core/api-types.ts';
import { runtimeConfig } from '../config.ts';
import { fileTicket } from '../schema/api.ts';
import { fileUrl, isPicturePath } from '../helpers/files.ts';

/*
 * Opening stored files. A picture is read by its path; any other upload only with a ticket the server hands
 * to a user who may read it (POST /sys/common/fileTicket), valid for a couple of minutes — so its address is
 * asked for at the click, never rendered into the page.
 */

/** The address to read a stored file at for `purpose`: absolute addresses and pictures as they are. */
export async function storedFileUrl(path: string, purpose: FileTicketPurpose): Promise<string> {
  const url = fileUrl(path, runtimeConfig().staticDomainURL);
  if (url === path || isPicturePath(path)) return url;
  const { ticket } = await fileTicket(path, purpose);
  return `${url}?ticket=${encodeURIComponent(ticket)}`;
}

/**
 * Opens each file in a window of its own (spec section 5: a comma list opens each file separately). The
 * windows are opened at once, while the click still counts as the user's — opened after waiting for the
 * tickets, browsers would block them as pop-ups — and sent to their addresses when the tickets are in.
 */
export async function openStoredFiles(paths: string[], purpose: FileTicketPurpose): Promise<string[]> {
  const windows = paths.map(() => window.open('', '_blank'));
  try {
    const urls = await Promise.all(paths.map((p) => storedFileUrl(p, purpose)));
    urls.forEach((url, i) => {
      const target = windows[i];
      if (!target) window.open(url, '_blank', 'noopener');
      else {
        target.opener = null;
        target.location.href = url;
      }
    });
    return urls;
  } catch (error) {
    for (const target of windows) target?.close();
    throw error;
  }
}
