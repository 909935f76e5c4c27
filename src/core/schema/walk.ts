import type { WidgetItem } from './types.generated.ts';

/** Every widget of a form in document order, descending into grids, cards and tables (not into batch rows). */
export function* widgets(list: WidgetItem[] | undefined): Generator<WidgetItem> {
  for (const item of list ?? []) {
    yield item;
    if (item.type === 'batch') continue;
    yield* widgets(item.list);
    for (const column of item.columns ?? []) yield* widgets(column.list);
    for (const row of item.trs ?? []) for (const cell of row.tds) yield* widgets(cell.list);
  }
}

/** A form's widgets by the field they edit (the last one where several name it). */
export function widgetsByModel(list: WidgetItem[] | undefined): Map<string, WidgetItem> {
  const byModel = new Map<string, WidgetItem>();
  for (const w of widgets(list)) if (w.model) byModel.set(w.model, w);
  return byModel;
}

/** Widget types that hold no data: no model, no rules (spec section 3). */
export const LAYOUT_TYPES = new Set(['button', 'alert', 'text', 'html', 'divider', 'card', 'grid', 'table', 'steps']);
