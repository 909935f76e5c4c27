import { runtimeConfig } from '../../runtime/config.ts';
import { StoredFileLink } from '../../runtime/files/StoredFileLink.tsx';
import { fileUrl, isPdfPath } from '../../runtime/helpers/files.ts';
import { splitList } from '../../runtime/helpers/list-value.ts';
import type { ReadableSpec } from '../../runtime/widgets/contract.ts';
import { nameOf } from './files.ts';

/** Uploaded pictures in a detail: thumbnails opening the picture. */
export const imagesReadable: ReadableSpec = {
  wide: true,
  render: (raw, field) => (
    <span className="detail-images">
      {splitList(raw).map((p) => (
        <a key={p} href={fileUrl(p, runtimeConfig().staticDomainURL)} target="_blank" rel="noreferrer">
          <img className="cell-image" src={fileUrl(p, runtimeConfig().staticDomainURL)} alt={field.label} title={p} />
        </a>
      ))}
    </span>
  ),
};

/** Uploaded files in a detail: links named by the file (a PDF previewed, anything else downloaded). */
export const filesReadable: ReadableSpec = {
  wide: true,
  render: (raw) => (
    <span className="detail-files">
      {splitList(raw).map((p) => (
        <StoredFileLink key={p} paths={[p]} purpose={isPdfPath(p) ? 'preview' : 'download'} title={p}>
          {nameOf(p)}
        </StoredFileLink>
      ))}
    </span>
  ),
};
