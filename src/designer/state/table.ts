import type { TableCell, WidgetItem } from '../../core/schema/types.generated.ts';

/*
 * The layout table's cell menu (spec sections 2 and 5): merge down, merge right, add column, add row.
 * Cells stay on a grid: a merged cell grows its colspan/rowspan and the cells it swallows stay in place
 * with colspan 0 and rowspan 0 (the runtime's LayoutTd renders those as nothing), so a cell's (row, col)
 * is always its grid position and every row has the same number of cells.
 */
export const MERGE_MESSAGES = {
  lastRow: '当前是最后一行，无法向下合并',
  downMismatch: '当前表格无法向下合并',
  lastColumn: '当前是最后一列，无法向右合并',
  rightMismatch: '当前表格无法向右合并',
} as const;

export type TableResult = { ok: true; item: WidgetItem } | { ok: false; message: string };

const span = (n: number | undefined) => n ?? 1;
const swallowed = (): TableCell => ({ colspan: 0, rowspan: 0, list: [] });
const emptyCell = (): TableCell => ({ colspan: 1, rowspan: 1, list: [] });

function replaceCells(item: WidgetItem, cells: { row: number; col: number; cell: TableCell }[]): WidgetItem {
  return {
    ...item,
    trs: (item.trs ?? []).map((tr, r) => {
      const here = cells.filter((c) => c.row === r);
      return here.length ? { ...tr, tds: tr.tds.map((td, c) => here.find((x) => x.col === c)?.cell ?? td) } : tr;
    }),
  };
}

export function mergeDown(item: WidgetItem, row: number, col: number): TableResult {
  const trs = item.trs ?? [];
  const cell = trs[row]?.tds[col];
  if (!cell) return { ok: false, message: MERGE_MESSAGES.downMismatch };
  const below = row + span(cell.rowspan);
  if (below >= trs.length) return { ok: false, message: MERGE_MESSAGES.lastRow };
  const target = trs[below].tds[col];
  if (!target || span(target.colspan) !== span(cell.colspan) || span(target.rowspan) === 0) return { ok: false, message: MERGE_MESSAGES.downMismatch };
  const merged: TableCell = { ...cell, rowspan: span(cell.rowspan) + span(target.rowspan), list: [...cell.list, ...target.list] };
  return {
    ok: true,
    item: replaceCells(item, [
      { row, col, cell: merged },
      { row: below, col, cell: swallowed() },
    ]),
  };
}

export function mergeRight(item: WidgetItem, row: number, col: number): TableResult {
  const tds = item.trs?.[row]?.tds ?? [];
  const cell = tds[col];
  if (!cell) return { ok: false, message: MERGE_MESSAGES.rightMismatch };
  const right = col + span(cell.colspan);
  if (right >= tds.length) return { ok: false, message: MERGE_MESSAGES.lastColumn };
  const target = tds[right];
  if (span(target.rowspan) !== span(cell.rowspan) || span(target.colspan) === 0) return { ok: false, message: MERGE_MESSAGES.rightMismatch };
  const merged: TableCell = { ...cell, colspan: span(cell.colspan) + span(target.colspan), list: [...cell.list, ...target.list] };
  return {
    ok: true,
    item: replaceCells(item, [
      { row, col, cell: merged },
      { row, col: right, cell: swallowed() },
    ]),
  };
}

/** A new column at the right of every row. */
export function addTableColumn(item: WidgetItem): WidgetItem {
  return { ...item, trs: (item.trs ?? []).map((tr) => ({ ...tr, tds: [...tr.tds, emptyCell()] })) };
}

/** A new row at the bottom, as wide as the widest row. */
export function addTableRow(item: WidgetItem): WidgetItem {
  const trs = item.trs ?? [];
  const width = Math.max(1, ...trs.map((tr) => tr.tds.length));
  return { ...item, trs: [...trs, { tds: Array.from({ length: width }, emptyCell) }] };
}

/** Whether a cell is drawn (swallowed cells are not). */
export const cellVisible = (cell: TableCell) => cell.colspan !== 0 && cell.rowspan !== 0;
