import { CaretDownOutlined, CaretUpOutlined, MinusSquareOutlined, PlusSquareOutlined } from '@ant-design/icons';
import { type ColumnDef as TColumn, type ExpandedState, flexRender, getCoreRowModel, getExpandedRowModel, type RowSelectionState, type SortingState, useReactTable, type VisibilityState } from '@tanstack/react-table';
import { Checkbox, Empty, Spin } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import type { DataRecord } from '../../schema/api.ts';
import { nestRows, TREE_CHILDREN } from './tree-rows.ts';
import './table-layout.css';

/*
 * A server-driven table on TanStack Table: the server sorts and pages, this renders. Under 500 px of
 * screen the table scrolls horizontally over 800 px (spec section 9).
 */
export interface DataTableProps {
  columns: TColumn<DataRecord>[];
  data: DataRecord[];
  loading: boolean;
  sorting: SortingState;
  onSortingChange: (s: SortingState) => void;
  selection?: RowSelectionState;
  onSelectionChange?: (s: RowSelectionState) => void;
  visibility: VisibilityState;
  /** list.tree: rows nest under the row their parent field names, with an expander in the first column. */
  treeParentField?: string;
}

/** Whether the table is wider than its box (then the fixed 操作 column casts a shadow over what scrolls under it). */
function useOverflow(): [(el: HTMLDivElement | null) => void, boolean] {
  const [el, setEl] = useState<HTMLDivElement | null>(null);
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    if (!el) return;
    const check = () => setOverflowing(el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    check();
    return () => observer.disconnect();
  }, [el]);
  return [setEl, overflowing];
}

function useNarrowScreen() {
  const [narrow, setNarrow] = useState(() => window.innerWidth < 500);
  useEffect(() => {
    const onResize = () => setNarrow(window.innerWidth < 500);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return narrow;
}

const selectColumn: TColumn<DataRecord> = {
  id: '__select',
  size: 48,
  header: ({ table }) => <Checkbox checked={table.getIsAllRowsSelected()} indeterminate={table.getIsSomeRowsSelected()} onChange={table.getToggleAllRowsSelectedHandler()} aria-label="全选" />,
  cell: ({ row }) => <Checkbox checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} aria-label="选择" />,
};

function SortMark({ dir }: { dir: false | 'asc' | 'desc' }) {
  return (
    <span className={`sort-mark ${dir || ''}`}>
      <CaretUpOutlined className={dir === 'asc' ? 'on' : ''} />
      <CaretDownOutlined className={dir === 'desc' ? 'on' : ''} />
    </span>
  );
}

/** The row actions' column: fixed on the right of a table wider than its box. */
export const ACTION_COLUMN = '__actions';
const stickyClass = (id: string) => (id === ACTION_COLUMN ? 'sticky-right' : undefined);

export function DataTable({ columns, data, loading, sorting, onSortingChange, selection, onSelectionChange, visibility, treeParentField }: DataTableProps) {
  const narrow = useNarrowScreen();
  const [wrap, overflowing] = useOverflow();
  const allColumns = useMemo(() => (onSelectionChange ? [selectColumn, ...columns] : columns), [columns, onSelectionChange]);
  const rows = useMemo(() => (treeParentField ? nestRows(data, treeParentField) : data), [data, treeParentField]);
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const table = useReactTable({
    data: rows,
    columns: allColumns,
    getCoreRowModel: getCoreRowModel(),
    getSubRows: treeParentField ? (row) => row[TREE_CHILDREN] as DataRecord[] | undefined : undefined,
    getExpandedRowModel: treeParentField ? getExpandedRowModel() : undefined,
    onExpandedChange: setExpanded,
    // Selecting a menu must not select everything under it (a batch delete would take them all).
    enableSubRowSelection: false,
    getRowId: (row, i) => String(row.id ?? i),
    manualSorting: true,
    enableSortingRemoval: true,
    enableMultiSort: false,
    // antd's order: the first click sorts ascending, whatever the column holds.
    sortDescFirst: false,
    state: { sorting, rowSelection: selection ?? {}, columnVisibility: visibility, expanded },
    onSortingChange: (updater) => onSortingChange(typeof updater === 'function' ? updater(sorting) : updater),
    onRowSelectionChange: (updater) => onSelectionChange?.(typeof updater === 'function' ? updater(selection ?? {}) : updater),
    enableRowSelection: !!onSelectionChange,
  });

  let body: ReactNode;
  if (!data.length) {
    body = (
      <tr>
        <td colSpan={table.getVisibleLeafColumns().length} className="data-table-empty">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
        </td>
      </tr>
    );
  } else {
    body = table.getRowModel().rows.map((row) => (
      <tr key={row.id} className={row.getIsSelected() ? 'selected' : undefined}>
        {row.getVisibleCells().map((cell, i) => (
          <td key={cell.id} className={stickyClass(cell.column.id)}>
            {treeParentField && i === (onSelectionChange ? 1 : 0) && (
              <span className="tree-indent" style={{ display: 'inline-block', width: 20 * row.depth + 20 }}>
                {row.getCanExpand() && (
                  <button type="button" className="tree-toggle" aria-label={row.getIsExpanded() ? '收起' : '展开'} aria-expanded={row.getIsExpanded()} onClick={row.getToggleExpandedHandler()} style={{ border: 'none', background: 'none', cursor: 'pointer', padding: 0, float: 'right', marginRight: 4 }}>
                    {row.getIsExpanded() ? <MinusSquareOutlined /> : <PlusSquareOutlined />}
                  </button>
                )}
              </span>
            )}
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        ))}
      </tr>
    ));
  }

  return (
    <Spin spinning={loading}>
      <div ref={wrap} className={`data-table-wrap${overflowing ? ' overflowing' : ''}`}>
        {/* Columns keep their widths: a table wider than its box scrolls sideways. */}
        <table className="data-table" style={{ minWidth: Math.max(narrow ? 800 : 0, table.getVisibleLeafColumns().reduce((sum, c) => sum + (c.columnDef.size ?? 120), 0)) }} data-testid="data-table">
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sortable = header.column.getCanSort() && header.column.columnDef.enableSorting !== false;
                  return (
                    <th
                      key={header.id}
                      style={{ width: header.column.columnDef.size }}
                      className={[sortable ? 'sortable' : '', stickyClass(header.column.id) ?? ''].join(' ').trim() || undefined}
                      onClick={sortable ? header.column.getToggleSortingHandler() : undefined}
                      aria-sort={header.column.getIsSorted() === 'asc' ? 'ascending' : header.column.getIsSorted() === 'desc' ? 'descending' : undefined}
                    >
                      {flexRender(header.column.columnDef.header, header.getContext())}
                      {sortable && <SortMark dir={header.column.getIsSorted()} />}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>{body}</tbody>
        </table>
      </div>
    </Spin>
  );
}
