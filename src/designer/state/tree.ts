import type { FormDef, WidgetItem } from '../../core/schema/types.generated.ts';

/*
 * Addressing and immutable editing of the widget tree. Every edit copies only the path from the root
 * to the changed item, so untouched items keep their identity and memoised canvas items skip
 * re-rendering (the 1,000-field budget depends on that).
 */

/** A list that holds widgets: the form itself, a card or batch, a grid column or a layout-table cell. */
export type Slot =
  { kind: 'root' } | { kind: 'list'; key: string } | { kind: 'col'; key: string; col: number } | { kind: 'td'; key: string; row: number; col: number };

export const ROOT: Slot = { kind: 'root' };

export const slotId = (slot: Slot) => JSON.stringify(slot);

export const sameSlot = (a: Slot, b: Slot) => slotId(a) === slotId(b);

/** The lists directly inside one item, each with its slot (batch children included: they are canvas items too). */
export function childSlots(item: WidgetItem): { slot: Slot; list: WidgetItem[] }[] {
  const out: { slot: Slot; list: WidgetItem[] }[] = [];
  if (item.list) out.push({ slot: { kind: 'list', key: item.key }, list: item.list });
  item.columns?.forEach((c, col) => out.push({ slot: { kind: 'col', key: item.key, col }, list: c.list }));
  item.trs?.forEach((tr, row) => tr.tds.forEach((td, col) => out.push({ slot: { kind: 'td', key: item.key, row, col }, list: td.list })));
  return out;
}

/** Every item in the tree, batch children included, in document order. */
export function* allItems(list: WidgetItem[] | undefined): Generator<WidgetItem> {
  for (const item of list ?? []) {
    yield item;
    for (const child of childSlots(item)) yield* allItems(child.list);
  }
}

export interface Location {
  slot: Slot;
  index: number;
  item: WidgetItem;
}

export function locate(def: FormDef, key: string): Location | null {
  const search = (list: WidgetItem[], slot: Slot): Location | null => {
    for (let index = 0; index < list.length; index++) {
      const item = list[index];
      if (item.key === key) return { slot, index, item };
      for (const child of childSlots(item)) {
        const found = search(child.list, child.slot);
        if (found) return found;
      }
    }
    return null;
  };
  return search(def.list, ROOT);
}

export const findItem = (def: FormDef, key: string): WidgetItem | null => locate(def, key)?.item ?? null;

/** The item owning a slot (null for the root). */
export const slotOwner = (slot: Slot) => (slot.kind === 'root' ? null : slot.key);

export function getList(def: FormDef, slot: Slot): WidgetItem[] | undefined {
  if (slot.kind === 'root') return def.list;
  const owner = findItem(def, slot.key);
  if (!owner) return undefined;
  if (slot.kind === 'list') return owner.list;
  if (slot.kind === 'col') return owner.columns?.[slot.col]?.list;
  return owner.trs?.[slot.row]?.tds[slot.col]?.list;
}

/** Applies fn to the item with this key wherever it sits; returns the same objects when nothing changed. */
function mapInList(list: WidgetItem[], key: string, fn: (item: WidgetItem) => WidgetItem): WidgetItem[] {
  let changed = false;
  const next = list.map((item) => {
    const updated = item.key === key ? fn(item) : mapInChildren(item, key, fn);
    if (updated !== item) changed = true;
    return updated;
  });
  return changed ? next : list;
}

function mapInChildren(item: WidgetItem, key: string, fn: (item: WidgetItem) => WidgetItem): WidgetItem {
  let next = item;
  if (item.list) {
    const list = mapInList(item.list, key, fn);
    if (list !== item.list) next = { ...next, list };
  }
  if (item.columns) {
    let changed = false;
    const columns = item.columns.map((c) => {
      const list = mapInList(c.list, key, fn);
      if (list === c.list) return c;
      changed = true;
      return { ...c, list };
    });
    if (changed) next = { ...next, columns };
  }
  if (item.trs) {
    let changed = false;
    const trs = item.trs.map((tr) => {
      let rowChanged = false;
      const tds = tr.tds.map((td) => {
        const list = mapInList(td.list, key, fn);
        if (list === td.list) return td;
        rowChanged = true;
        return { ...td, list };
      });
      if (!rowChanged) return tr;
      changed = true;
      return { ...tr, tds };
    });
    if (changed) next = { ...next, trs };
  }
  return next;
}

export function mapItem(def: FormDef, key: string, fn: (item: WidgetItem) => WidgetItem): FormDef {
  const list = mapInList(def.list, key, fn);
  return list === def.list ? def : { ...def, list };
}

/** Replaces the list in one slot. */
export function mapList(def: FormDef, slot: Slot, fn: (list: WidgetItem[]) => WidgetItem[]): FormDef {
  if (slot.kind === 'root') return { ...def, list: fn(def.list) };
  return mapItem(def, slot.key, (owner) => {
    if (slot.kind === 'list') return { ...owner, list: fn(owner.list ?? []) };
    if (slot.kind === 'col') return { ...owner, columns: (owner.columns ?? []).map((c, i) => (i === slot.col ? { ...c, list: fn(c.list) } : c)) };
    return {
      ...owner,
      trs: (owner.trs ?? []).map((tr, r) =>
        r === slot.row ? { ...tr, tds: tr.tds.map((td, c) => (c === slot.col ? { ...td, list: fn(td.list) } : td)) } : tr,
      ),
    };
  });
}

export function insertAt(def: FormDef, slot: Slot, index: number, item: WidgetItem): FormDef {
  return mapList(def, slot, (list) => {
    const at = Math.max(0, Math.min(index, list.length));
    return [...list.slice(0, at), item, ...list.slice(at)];
  });
}

export function removeAt(def: FormDef, slot: Slot, index: number): FormDef {
  return mapList(def, slot, (list) => list.filter((_, i) => i !== index));
}

/** Whether a slot lies inside the item with this key (dropping an item into itself is refused). */
export function slotInside(def: FormDef, slot: Slot, key: string): boolean {
  let owner = slotOwner(slot);
  while (owner) {
    if (owner === key) return true;
    const at = locate(def, owner);
    owner = at ? slotOwner(at.slot) : null;
  }
  return false;
}
