import type { FormConfig, FormDef, WidgetItem, WidgetOptions } from '../../core/schema/types.generated.ts';
import { allItems, mapItem } from './tree.ts';

/* The designer's number limits and small rules of spec sections 4 and 5, as pure functions. */

export const SPAN_MAX = 24;
export const NEW_COLUMN_SPAN = 12;
export const PRECISION_MAX = 50;

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** Precision is 0 to 50; above 50 or unset means none (null). */
export function normalizePrecision(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const n = Math.floor(value);
  return n >= 0 && n <= PRECISION_MAX ? n : null;
}

/** Min and max are open-ended when unset. */
export const normalizeBound = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

export const normalizeScrollY = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? Math.max(0, value) : 0);

export const normalizeSpan = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? clamp(Math.round(value), 0, SPAN_MAX) : NEW_COLUMN_SPAN;

/** Integer-only sets precision 0; switching it off leaves precision unset. */
export function setIntegerOnly(options: WidgetOptions, on: boolean): WidgetOptions {
  return { ...options, integer: on, precision: on ? 0 : null };
}

/** The label column is 0 to 24 and the wrapper takes the rest. */
export function setLabelSpan(config: FormConfig, span: unknown): FormConfig {
  const label = typeof span === 'number' && Number.isFinite(span) ? clamp(Math.round(span), 0, SPAN_MAX) : 4;
  return { ...config, labelCol: { ...config.labelCol, span: label }, wrapperCol: { ...config.wrapperCol, span: SPAN_MAX - label } };
}

export function setColumnSpan(grid: WidgetItem, col: number, span: unknown): WidgetItem {
  return { ...grid, columns: (grid.columns ?? []).map((c, i) => (i === col ? { ...c, span: normalizeSpan(span) } : c)) };
}

export function addGridColumn(grid: WidgetItem): WidgetItem {
  return { ...grid, columns: [...(grid.columns ?? []), { span: NEW_COLUMN_SPAN, list: [] }] };
}

/** Removing a column drops the widgets in it; a grid keeps at least one column. */
export function removeGridColumn(grid: WidgetItem, col: number): WidgetItem {
  const columns = grid.columns ?? [];
  return columns.length <= 1 ? grid : { ...grid, columns: columns.filter((_, i) => i !== col) };
}

/**
 * Copy recipients (spec section 4): a widget with isCc on puts its model in config.cclist; turning isCc
 * off, changing the model or deleting the widget takes the old model out.
 */
export function syncCclist(config: FormConfig, before: WidgetItem | null, after: WidgetItem | null): FormConfig {
  const was = before?.options?.isCc && before.model ? before.model : null;
  const now = after?.options?.isCc && after.model ? after.model : null;
  if (was === now) return config;
  let list = config.cclist ?? [];
  if (was) list = list.filter((m) => m !== was);
  if (now && !list.includes(now)) list = [...list, now];
  return { ...config, cclist: list };
}

/**
 * The batch widget's sub-form code (spec section 4): when the list of online forms changes, a code
 * that is no longer offered resets to empty, so a sub-table never points at a form that is gone.
 */
export function resetBatchFormCodes(def: FormDef, onlineForms: readonly string[]): FormDef {
  const offered = new Set(onlineForms);
  const stale = Array.from(allItems(def.list)).filter((i) => i.type === 'batch' && i.options?.onlineFormCode && !offered.has(i.options.onlineFormCode));
  return stale.reduce((d, batch) => mapItem(d, batch.key, (it) => ({ ...it, options: { ...it.options, onlineFormCode: '' } })), def);
}
