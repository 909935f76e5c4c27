import type { TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { dictText } from '../../runtime/dict/dictionaries.ts';
import type { ReportConfig } from './api.ts';
import type { ReportRow } from './useReportData.ts';

/* An online report's columns as antd table columns: sortable, long text cut, dictionary codes shown as their texts. */
export const reportTableColumns = (config: ReportConfig | undefined): TableProps<ReportRow>['columns'] =>
  (config?.columns ?? []).map((c) => ({
    key: c.dataIndex,
    dataIndex: c.dataIndex,
    title: c.title,
    sorter: true,
    ellipsis: true,
    render: (value: unknown) =>
      c.customRender ? dictText(config?.dictOptions[c.customRender], value) : value === null || value === undefined ? '' : String(value),
  }));

/** antd's sorter → the report call's column and order (none when the column is unsorted). */
export function sortOf(sort: SorterResult<ReportRow> | SorterResult<ReportRow>[]): { column: string; order: 'asc' | 'desc' } | undefined {
  const s = Array.isArray(sort) ? sort[0] : sort;
  return s?.order ? { column: String(s.field), order: s.order === 'ascend' ? 'asc' : 'desc' } : undefined;
}
