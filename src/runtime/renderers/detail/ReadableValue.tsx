import { type ReactNode, useEffect, useState } from 'react';
import type { FieldDef, WidgetItem } from '../../../core/schema/types.generated.ts';
import { sourceDictCode } from '../../dict/dictionaries.ts';
import { formatMoney } from '../../helpers/format.ts';
import { splitList } from '../../helpers/list-value.ts';
import type { DataRecord } from '../../schema/api.ts';
import type { Lookup, ReadableSpec, WidgetKit } from '../../widgets/contract.ts';
import { useWidgetKit } from '../../widgets/kit.ts';
import { dictLookup, EMPTY, SEPARATOR } from './readable.ts';
import { RichText } from './RichText.tsx';

/*
 * One field of a detail as a person reads it: the server's {field}_dictText when it gave one, else the
 * text the field's form widget shows for the stored value — each widget says how in its registration's
 * readable spec (people's, departments', regions', categories' and permissions' names, pictures as
 * thumbnails, files as links) — else a dictionary's label. Rich text is formatted; never the stored code
 * when a name can be found.
 */

/** How a value turns into text when the server gave none: the widget's lookup, its options' dictionary, the field's. */
function lookupOf(field: FieldDef, widget: WidgetItem | undefined, widgetLookup: Lookup | undefined): Lookup | undefined {
  if (widgetLookup) return widgetLookup;
  const code = sourceDictCode(widget?.options);
  if (code) return dictLookup(code);
  return field.dict ? dictLookup(field.dict) : undefined;
}

function readableOf(kit: WidgetKit, widget: WidgetItem | undefined): ReadableSpec | undefined {
  return widget ? kit.widgets.get(widget.type)?.readable : undefined;
}

function LookedUp({ items, lookup }: { items: string[]; lookup: Lookup }) {
  const [text, setText] = useState<string | null>(null);
  const key = items.join(',');
  useEffect(() => {
    let live = true;
    lookup(items).then(
      (t) => live && setText(t),
      () => live && setText(items.join(SEPARATOR)),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return <span className={text === null ? 'detail-loading' : undefined}>{text ?? ''}</span>;
}

/** Whether a field takes a whole row of the grid: long text, rich text, and widgets that say so (pictures, files, trees). */
export function useIsWide(): (field: FieldDef, widget: WidgetItem | undefined) => boolean {
  const kit = useWidgetKit();
  return (field, widget) => field.type === 'text' || field.sanitize === 'html' || !!readableOf(kit, widget)?.wide;
}

export function ReadableValue({ field, widget, record }: { field: FieldDef; widget?: WidgetItem; record: DataRecord }): ReactNode {
  const kit = useWidgetKit();
  const raw = record[field.name];
  const serverText = record[`${field.name}_dictText`];
  if (serverText !== undefined && serverText !== null && serverText !== '') return String(serverText);
  if (raw === null || raw === undefined || raw === '' || (Array.isArray(raw) && !raw.length)) return EMPTY;
  const readable = readableOf(kit, widget);
  const shown = readable?.render?.(raw, field);
  if (shown !== undefined) return shown;
  if (field.sanitize === 'html' && typeof raw === 'string') return <RichText html={raw} />;
  const lookup = lookupOf(field, widget, widget ? readable?.lookup?.(widget, record) : undefined);
  if (lookup && readable?.scroll)
    return (
      <div className="detail-long-list">
        <LookedUp items={splitList(raw)} lookup={lookup} />
      </div>
    );
  if (lookup) return <LookedUp items={splitList(raw)} lookup={lookup} />;
  if (field.type === 'decimal') return formatMoney(raw);
  if (Array.isArray(raw)) return raw.join(SEPARATOR);
  if (typeof raw === 'object') return JSON.stringify(raw);
  return String(raw);
}
