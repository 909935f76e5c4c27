import { Input, Select } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import type { WidgetItem } from '../core/schema/types.generated.ts';

/*
 * The pieces the widgets' canvas looks (a registration's `mock`) share. A look is antd's own control,
 * inert (the designer's canvas item takes the pointer), so the canvas is cheap to draw for 1,000 fields
 * and shows the options as they are set; the preview renders the real runtime form. The class names are
 * styled by the designer (designer.css).
 */

/** The width the widget is set to, 100% when unset. */
export const mockWidth = (item: WidgetItem): CSSProperties => ({ width: item.options?.width || '100%' });

/** The placeholder the widget is set to, or the usual prompt. */
export const mockPlaceholder = (item: WidgetItem, prompt: string): string => item.options?.placeholder || prompt;

/** A grey line in place of a control (a hidden field, a download, where a choice's options come from). */
export const mockNote = (text: string): ReactNode => <div className="fd-mock-note">{text}</div>;

/** An empty select: the pickers whose choices come from the server (trees, regions, reports…). */
export const mockSelect = (item: WidgetItem): ReactNode => <Select style={mockWidth(item)} placeholder={mockPlaceholder(item, '请选择')} tabIndex={-1} />;

/** A read-only input that opens a picker when clicked (users, departments). */
export const mockPickInput = (item: WidgetItem, prompt: string): ReactNode => (
  <Input style={mockWidth(item)} readOnly placeholder={mockPlaceholder(item, prompt)} tabIndex={-1} />
);

/** The space a heavy editor takes (they load lazily), capped so the canvas stays compact. */
export const mockBox = (item: WidgetItem, text: string): ReactNode => (
  <div className="fd-mock-box" style={{ ...mockWidth(item), height: Math.min(item.options?.height ?? 300, 120) }}>
    {text}
  </div>
);

/** For choice widgets fed by a dictionary or a table, a line saying which, instead of options. */
export function sourceNote(item: WidgetItem): string | null {
  const o = item.options ?? {};
  if (o.dynamic === 'dict') return `数据字典: ${o.dynamicKey || '未设置'}`;
  if (o.dynamic === 'distal') return `远端数据: ${o.distal?.tableName || '未设置'}`;
  return null;
}

/** A choice widget's static options, as antd's options. */
export const staticOptions = (item: WidgetItem) => (item.options?.options ?? []).map((o) => ({ value: String(o.value), label: o.label ?? String(o.value) }));
