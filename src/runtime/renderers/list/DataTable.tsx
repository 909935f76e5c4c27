import { CaretDownOutlined, CaretUpOutlined, MinusSquareOutlined, PlusSquareOutlined } from '@ant-design/icons';
import {
  type ColumnDef as TColumn,
  type ExpandedState,
  flexRender,
  getCoreRowModel,
  getExpandedRowModel,
  type Row,
  type RowSelectionState,
  type SortingState,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table';
import { measureElement, observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { Checkbox, Empty, Spin } from 'antd';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
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
function useOverflow(): [(el: HTMLDivElement | null) => void, boolean, HTMLDivElement | null] {
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
  return [setEl, overflowing, el];
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
  header: ({ table }) => (
    <Checkbox
      checked={table.getIsAllRowsSelected()}
      indeterminate={table.getIsSomeRowsSelected()}
      onChange={table.getToggleAllRowsSelectedHandler()}
      aria-label="全选"
    />
  ),
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

/*
 * Past this many visible rows (an expanded tree shows every loaded node) the table scrolls in a box of 70vh
 * and renders only the rows in view: a thousand rendered rows take seconds to open.
 */
export const VIRTUAL_ROWS = 100;
// A row's height before it is measured (td padding 10 + line 22 + border 1).
const ROW_HEIGHT = 43;

/** The row actions' column: fixed on the right of a table wider than its box. */
export const ACTION_COLUMN = '__actions';
const stickyClass = (id: string) => (id === ACTION_COLUMN ? 'sticky-right' : undefined);

export function DataTable({ columns, data, loading, sorting, onSortingChange, selection, onSelectionChange, visibility, treeParentField }: DataTableProps) {
  const narrow = useNarrowScreen();
  const [wrap, overflowing, wrapEl] = useOverflow();
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

  const visibleRows = table.getRowModel().rows;
  const virtual = visibleRows.length > VIRTUAL_ROWS;
  const columnCount = table.getVisibleLeafColumns().length;
  const virtualizer = useVirtualizer({
    count: virtual ? visibleRows.length : 0,
    getScrollElement: () => (virtual ? wrapEl : null),
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    // Measurements follow the row, not its index, when a tree node opens or closes.
    getItemKey: useCallback((i: number) => visibleRows[i]?.id ?? i, [visibleRows]),
    // A box or row laid out at zero (a hidden tab, jsdom) counts as 70vh or a row's estimate, not as showing nothing.
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) => cb(rect.height ? rect : { width: rect.width, height: window.innerHeight * 0.7 })),
    measureElement: (el, entry, instance) => measureElement(el, entry, instance) || ROW_HEIGHT,
  });

  const renderRow = (row: Row<DataRecord>, index?: number) => (
    <tr
      key={row.id}
      className={row.getIsSelected() ? 'selected' : undefined}
      data-index={index}
      ref={index === undefined ? undefined : virtualizer.measureElement}
    >
      {row.getVisibleCells().map((cell, i) => (
        <td key={cell.id} className={stickyClass(cell.column.id)}>
          {treeParentField && i === (onSelectionChange ? 1 : 0) && (
            <span className="tree-indent" style={{ display: 'inline-block', width: 20 * row.depth + 20 }}>
              {row.getCanExpand() && (
                <button
                  type="button"
                  className="tree-toggle"
                  aria-label={row.getIsExpanded() ? '收起' : '展开'}
                  aria-expanded={row.getIsExpanded()}
                  onClick={row.getToggleExpandedHandler()}
                  style={{ border: 'none', background: 'none', cursor: 'pointer', padding: 0, float: 'right', marginRight: 4 }}
                >
                  {row.getIsExpanded() ? <MinusSquareOutlined /> : <PlusSquareOutlined />}
                </button>
              )}
            </span>
          )}
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </td>
      ))}
    </tr>
  );
  // The rows out of view stand as two empty rows of their height, so the scroll bar spans them all.
  const spacer = (key: string, height: number) =>
    height > 0 && (
      <tr key={key} aria-hidden="true" className="virtual-spacer">
        <td colSpan={columnCount} style={{ height, padding: 0, border: 'none' }} />
      </tr>
    );

  let body: ReactNode;
  if (!data.length) {
    body = (
      <tr>
        <td colSpan={columnCount} className="data-table-empty">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
        </td>
      </tr>
    );
  } else if (virtual) {
    const items = virtualizer.getVirtualItems();
    body = [
      spacer('top', items[0]?.start ?? 0),
      ...items.map((item) => renderRow(visibleRows[item.index], item.index)),
      spacer('bottom', virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0)),
    ];
  } else {
    body = visibleRows.map((row) => renderRow(row));
  }

  return (
    <Spin spinning={loading}>
      <div ref={wrap} className={`data-table-wrap${overflowing ? ' overflowing' : ''}${virtual ? ' virtual' : ''}`}>
        {/* Columns keep their widths: a table wider than its box scrolls sideways. */}
        <table
          className="data-table"
          style={{
            minWidth: Math.max(
              narrow ? 800 : 0,
              table.getVisibleLeafColumns().reduce((sum, c) => sum + (c.columnDef.size ?? 120), 0),
            ),
          }}
          data-testid="data-table"
        >
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
