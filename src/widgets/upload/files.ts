/*
 * The pure side of the file and image widgets: the stored value is a comma list of paths relative to the
 * static domain, the upload list is antd's; the status rules are those of spec sections 4 and 5.
 */

import { fileUrl } from '../../runtime/helpers/files.ts';
import { splitList } from '../../runtime/helpers/list-value.ts';

export type UploadKind = 'file' | 'image';

export interface UploadResponse {
  code?: number;
  success?: boolean;
  message?: string;
}

export interface UploadItem {
  uid: string;
  name: string;
  status?: 'done' | 'error' | 'uploading' | 'removed';
  url?: string;
  type?: string;
  response?: UploadResponse;
}

export const DEFAULT_LIMIT = 3;
export const IMAGE_TYPES = ['image/gif', 'image/jpeg', 'image/png'];

/** The limit option (default 3, at least 1). */
export function limitOf(limit: unknown): number {
  const n = Math.floor(Number(limit));
  return Number.isFinite(n) && limit !== null && limit !== '' && limit !== undefined ? Math.max(1, n) : DEFAULT_LIMIT;
}

export const limitMessage = (limit: number) => `最大上传数量为${limit}`;
export const failureMessage = (kind: UploadKind) => (kind === 'image' ? '图片上传失败' : '文件上传失败');

/** A stored path's file name as people read it (the form's list and a detail alike). */
export function nameOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(name);
  } catch {
    return name; // a stray % is part of the name
  }
}

/** The spec's file item carries type 'file'; an image item carries none, so antd shows it as a thumbnail. */
const typeOf = (kind: UploadKind) => (kind === 'file' ? { type: 'file' } : {});

export function valueToFiles(value: unknown, staticDomain: string, kind: UploadKind = 'file'): UploadItem[] {
  return splitList(value).map((path, i) => ({ uid: `-${i + 1}`, name: nameOf(path), status: 'done', ...typeOf(kind), url: fileUrl(path, staticDomain) }));
}

/** The stored path of a finished file: the server's message, or its url without the static domain. */
function pathOf(file: UploadItem, staticDomain: string): string | undefined {
  if (file.status !== 'done') return undefined;
  if (file.response?.message) return file.response.message;
  const prefix = `${staticDomain.replace(/\/+$/, '')}/`;
  return file.url?.startsWith(prefix) ? file.url.slice(prefix.length) : file.url;
}

export function filesToValue(files: UploadItem[], staticDomain: string): string {
  return files.flatMap((f) => pathOf(f, staticDomain) ?? []).join(',');
}

/**
 * Whether a file picked with others (`batch`) still fits beside the files already listed; the first that does not
 * says the spec's message, and none beyond the limit is sent, so the server keeps no file no record uses.
 */
export function fitsLimit<T>(file: T, batch: T[], listed: number, limit: number): { fits: boolean; message?: string } {
  const place = listed + batch.indexOf(file);
  if (place < limit) return { fits: true };
  return { fits: false, message: place === Math.max(limit, listed) ? limitMessage(limit) : undefined };
}

/** Beyond the limit the newest files are cut off, with the spec's message. */
export function trimToLimit<T>(files: T[], limit: number): { files: T[]; message?: string } {
  return files.length > limit ? { files: files.slice(0, limit), message: limitMessage(limit) } : { files };
}

const uploaded = (response: UploadResponse | undefined, kind: UploadKind) => response?.code === 0 || (kind === 'image' && response?.success === true);

let sequence = 0;
const generatedId = () => `upload-${Date.now().toString(36)}-${++sequence}`;

/**
 * The list after antd reports a change of `file`: done with code 0 keeps it under a generated id and a
 * static-domain url; any other code drops the last file; error shows the server's message or the failure message; removed needs
 * nothing from the server (the stored file stays, as in the spec).
 */
export function nextFiles(
  list: UploadItem[],
  file: UploadItem,
  kind: UploadKind,
  limit: number,
  staticDomain: string,
): { files: UploadItem[]; error?: string; warning?: string } {
  const trimmed = trimToLimit(list, limit);
  const warning = trimmed.message;
  let files = trimmed.files;
  if (file.status === 'done') {
    if (uploaded(file.response, kind)) {
      const path = file.response!.message!;
      files = files.map((f) => (f.uid === file.uid ? { ...f, uid: generatedId(), url: fileUrl(path, staticDomain), ...typeOf(kind) } : f));
    } else {
      return { files: files.slice(0, -1), error: file.response?.message || failureMessage(kind), warning };
    }
  }
  // The server's refusal says why (文件大小不能超过5MB…): antd hands over its answer's body with the error.
  if (file.status === 'error') return { files, error: file.response?.message || failureMessage(kind), warning };
  return { files, warning };
}
