import type { OptionItem, WidgetOptions } from '../../core/schema/types.generated.ts';

/*
 * Where a choice widget's options come from (spec section 3/4): a static list, a system dictionary
 * (dynamicKey) or a table (distal). Switching keeps the other sources' settings, so switching back
 * restores what was typed, and makes sure the chosen source has something to edit.
 */
export type SourceKind = 'static' | 'dict' | 'distal';

export const SOURCE_KINDS: { value: SourceKind; label: string }[] = [
  { value: 'static', label: '静态数据' },
  { value: 'dict', label: '数据字典' },
  { value: 'distal', label: '远端数据' },
];

export const sourceOf = (options: WidgetOptions | undefined): SourceKind => options?.dynamic ?? 'static';

export function switchSource(options: WidgetOptions | undefined, kind: SourceKind): WidgetOptions {
  const next: WidgetOptions = { ...options, dynamic: kind };
  if (kind === 'static' && !next.options) next.options = [];
  if (kind === 'dict' && next.dynamicKey === undefined) next.dynamicKey = '';
  if (kind === 'distal' && !next.distal) next.distal = { tableName: '', value: '', label: '' };
  return next;
}

/** A new static option numbered after the existing ones (value '3', label '选项3'). */
export function addStaticOption(options: WidgetOptions | undefined): WidgetOptions {
  const list = options?.options ?? [];
  const used = new Set(list.map((o) => String(o.value)));
  let n = list.length + 1;
  while (used.has(String(n))) n++;
  return { ...options, options: [...list, { value: String(n), label: `选项${n}` }] };
}

export function setStaticOption(options: WidgetOptions | undefined, index: number, patch: Partial<OptionItem>): WidgetOptions {
  return { ...options, options: (options?.options ?? []).map((o, i) => (i === index ? { ...o, ...patch } : o)) };
}

export function removeStaticOption(options: WidgetOptions | undefined, index: number): WidgetOptions {
  return { ...options, options: (options?.options ?? []).filter((_, i) => i !== index) };
}
