/*
 * A stored file value, as every screen reads it: a comma list of paths relative to the static domain
 * (absolute addresses allowed). The upload widgets write it; lists and details show it.
 */

/** Absolute addresses stay as they are; a stored path is prefixed with the static domain. */
export function fileUrl(path: string, staticDomain: string): string {
  return /^(https?:)?\/\//i.test(path) || path.startsWith('/') || path.startsWith('data:') ? path : `${staticDomain.replace(/\/+$/, '')}/${path}`;
}

/** The stored kinds the server shows as pictures, by their path; every other upload needs a ticket. */
export const isPicturePath = (path: string) => /\.(png|jpe?g|gif)$/i.test(path);
export const isPdfPath = (path: string) => /\.pdf$/i.test(path);
