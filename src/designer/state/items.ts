import type { WidgetItem } from '../../core/schema/types.generated.ts';
import { LAYOUT_TYPES } from '../../core/schema/walk.ts';
import { widgetOf, widgetRegistry } from '../../widgets/registry.ts';
import type { WidgetType } from '../../runtime/widgets/contract.ts';
import { allItems, childSlots } from './tree.ts';

/*
 * New items and copies. A key is the type plus a timestamp (spec section 3: input_{timestamp}); when two
 * items are made in the same millisecond (a copied grid and its fields) the timestamp is advanced so
 * keys stay unique and still read as type_timestamp. Data widgets take the key as their model, like
 * the JeecgBoot designer, lower-cased so it is a valid field name.
 */

export function newKey(type: string, now: number, taken: Set<string>): string {
  let stamp = now;
  while (taken.has(`${type}_${stamp}`)) stamp++;
  const key = `${type}_${stamp}`;
  taken.add(key);
  return key;
}

export const keysOf = (list: WidgetItem[]) => new Set(Array.from(allItems(list), (i) => i.key));

/** Holds data (has a model and rules): the registry says so; unknown types fall back to the spec's list. */
export const isDataWidget = (type: string) => widgetOf(type as WidgetType)?.data ?? !LAYOUT_TYPES.has(type);

export const isKnownType = (type: string) => widgetRegistry.has(type as WidgetType);

export function createItem(type: WidgetType, now: number, taken: Set<string>): WidgetItem {
  const registration = widgetOf(type);
  if (!registration) throw new Error(`未知控件类型 ${type}`);
  const key = newKey(type, now, taken);
  const item: WidgetItem = { ...structuredClone(registration.scaffold()), key };
  if (registration.data) item.model = key.toLowerCase();
  return item;
}

/** A deep copy with fresh keys (and models) for the item and everything inside it. */
export function cloneWithNewKeys(item: WidgetItem, now: number, taken: Set<string>): WidgetItem {
  const copy = structuredClone(item);
  const renew = (it: WidgetItem) => {
    it.key = newKey(it.type, now, taken);
    if (it.model !== undefined) it.model = it.key.toLowerCase();
    for (const child of childSlots(it)) child.list.forEach(renew);
  };
  renew(copy);
  return copy;
}
