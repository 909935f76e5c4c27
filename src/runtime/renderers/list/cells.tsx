import { Tag } from 'antd';
import type { ReactNode } from 'react';
import type { DictOption } from '../../../core/api-types.ts';
import { dictText } from '../../dict/dictionaries.ts';
import { formatMoney } from '../../helpers/format.ts';
import type { DataRecord } from '../../schema/api.ts';
import type { ColumnDef } from '../../../core/schema/types.generated.ts';
import { fileUrl, isPdfPath, isPicturePath } from '../../helpers/files.ts';
import { StoredFileLink } from '../../files/StoredFileLink.tsx';
import { splitList } from '../../helpers/list-value.ts';
import { runtimeConfig } from '../../config.ts';

export const DEFAULT_ELLIPSIS = 25;

/** Text longer than the column's ellipsis length (25 by default) is cut, the whole shown on hover. */
export function Ellipsis({ text, length = DEFAULT_ELLIPSIS }: { text: string; length?: number }) {
  if (text.length <= length) return <>{text}</>;
  return <span title={text}>{text.slice(0, length)}…</span>;
}

const SWITCH_ON = new Set(['true', '1', 'Y', 'y']);

const TAG_COLORS: Record<string, string> = { green: 'green', blue: 'blue', orange: 'orange', red: 'red', default: 'default' };

/** A cell: the server's {field}_dictText when present, else the dictionary's text, money, tags, plain text. */
export function renderCell(column: ColumnDef, record: DataRecord, dict?: readonly DictOption[]): ReactNode {
  const raw = record[column.dataIndex];
  const serverText = record[`${column.dataIndex}_dictText`];
  if (column.render === 'money') return raw === null || raw === undefined || raw === '' ? '' : formatMoney(raw);
  // An uploaded picture (the first of a comma list) as a thumbnail; the stored path stays on hover.
  // 'file': a picture the same way, any other upload as a download link.
  if (column.render === 'image' || column.render === 'file') {
    const [path] = splitList(raw);
    if (!path) return '';
    // A PDF opens in the browser's viewer (the server types it as a PDF only for a preview ticket).
    if (column.render === 'file' && isPdfPath(path))
      return (
        <span className="file-cell">
          <StoredFileLink paths={[path]} purpose="preview" title={path}>
            预览
          </StoredFileLink>
          <StoredFileLink paths={[path]} purpose="download" title={path}>
            下载
          </StoredFileLink>
        </span>
      );
    if (column.render === 'file' && !isPicturePath(path))
      return (
        <StoredFileLink paths={[path]} purpose="download" title={path}>
          下载
        </StoredFileLink>
      );
    const url = fileUrl(path, runtimeConfig().staticDomainURL);
    return (
      <img className="cell-image" src={url} alt={column.title ?? ''} title={path} style={{ height: 36, maxWidth: 96, objectFit: 'cover', borderRadius: 4 }} />
    );
  }
  // A yes/no value (a boolean column, or render 'switch' over 1/0, Y/N) reads as 是 or 否, never true/false.
  if (typeof raw === 'boolean' || (column.render === 'switch' && raw !== null && raw !== undefined && raw !== ''))
    return SWITCH_ON.has(String(raw)) ? '是' : '否';
  const text =
    serverText !== undefined && serverText !== null
      ? String(serverText)
      : column.dict
        ? dictText(dict, raw)
        : raw === null || raw === undefined
          ? ''
          : String(raw);
  if (column.render === 'tag' && text) {
    const color = dict?.find((o) => String(o.value) === String(raw))?.color;
    return <Tag color={color ? (TAG_COLORS[color] ?? color) : undefined}>{text}</Tag>;
  }
  return <Ellipsis text={text} length={column.ellipsis ?? DEFAULT_ELLIPSIS} />;
}
