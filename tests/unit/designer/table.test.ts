import { describe, expect, it } from 'vitest';
import { createItem } from '../../../src/designer/state/items.ts';
import { addTableColumn, addTableRow, cellVisible, MERGE_MESSAGES, mergeDown, mergeRight, type TableResult } from '../../../src/designer/state/table.ts';
import type { WidgetItem } from '../../../src/core/schema/types.generated.ts';
import { item } from './fixtures.ts';

const table = (rows = 2, cols = 2): WidgetItem => {
  let t = createItem('table', 1, new Set());
  while (t.trs!.length < rows) t = addTableRow(t);
  while (t.trs![0].tds.length < cols) t = addTableColumn(t);
  return t;
};
const ok = (r: TableResult) => {
  if (!r.ok) throw new Error(r.message);
  return r.item;
};
const spans = (t: WidgetItem) => t.trs!.map((tr) => tr.tds.map((td) => `${td.colspan}x${td.rowspan}`).join(' '));

describe('layout table cell menu (spec sections 2 and 5)', () => {
  it('the four refusal messages are the spec’s', () => {
    expect(MERGE_MESSAGES).toEqual({
      lastRow: '当前是最后一行，无法向下合并',
      downMismatch: '当前表格无法向下合并',
      lastColumn: '当前是最后一列，无法向右合并',
      rightMismatch: '当前表格无法向右合并',
    });
  });

  it('merge down joins the cell below: rowspan grows, contents move up, the swallowed cell is hidden', () => {
    const t = table(2, 2);
    t.trs![1].tds[0].list = [item('input', 'x', { model: 'x' })];
    const merged = ok(mergeDown(t, 0, 0));
    expect(spans(merged)).toEqual(['1x2 1x1', '0x0 1x1']);
    expect(merged.trs![0].tds[0].list.map((i) => i.key)).toEqual(['x']);
    expect(cellVisible(merged.trs![1].tds[0])).toBe(false);
  });

  it('merge down is refused on the last row', () => {
    expect(mergeDown(table(2, 2), 1, 0)).toEqual({ ok: false, message: '当前是最后一行，无法向下合并' });
    // A cell spanning to the bottom is on the last row too.
    expect(mergeDown(ok(mergeDown(table(2, 2), 0, 0)), 0, 0)).toEqual({ ok: false, message: '当前是最后一行，无法向下合并' });
  });

  it('merge down is refused when the column spans differ', () => {
    const wide = ok(mergeRight(table(2, 2), 0, 0));
    expect(mergeDown(wide, 0, 0)).toEqual({ ok: false, message: '当前表格无法向下合并' });
    expect(mergeDown(table(2, 2), 0, 1)).toMatchObject({ ok: true });
  });

  it('merge right joins the cell to the right, and is refused on the last column', () => {
    const merged = ok(mergeRight(table(2, 3), 0, 0));
    expect(spans(merged)).toEqual(['2x1 0x0 1x1', '1x1 1x1 1x1']);
    expect(mergeRight(table(2, 2), 0, 1)).toEqual({ ok: false, message: '当前是最后一列，无法向右合并' });
    expect(mergeRight(merged, 0, 0)).toMatchObject({ ok: true });
    expect(mergeRight(ok(mergeRight(merged, 0, 0)), 0, 0)).toEqual({ ok: false, message: '当前是最后一列，无法向右合并' });
  });

  it('merge right is refused when the row spans differ', () => {
    const tall = ok(mergeDown(table(2, 2), 0, 0));
    expect(mergeRight(tall, 0, 0)).toEqual({ ok: false, message: '当前表格无法向右合并' });
  });

  it('add column adds a cell to every row; add row adds a full row', () => {
    const t = addTableRow(addTableColumn(table(2, 2)));
    expect(spans(t)).toEqual(['1x1 1x1 1x1', '1x1 1x1 1x1', '1x1 1x1 1x1']);
    expect(t.trs![2].tds.every((td) => td.list.length === 0)).toBe(true);
  });

  it('a merged table still renders in the runtime (swallowed cells have span 0)', () => {
    const merged = ok(mergeDown(table(2, 2), 0, 0));
    expect(merged.trs![1].tds[0]).toEqual({ colspan: 0, rowspan: 0, list: [] });
  });
});
